import type { LinkDiagnostic, RuleDiagnostic } from '../shared/diagnostic.ts';
import { PATHS } from '../site/paths.ts';
import type { Route } from '../site/routes.ts';

/** A link from a page of one language to the French page whose English counterpart it should name. */
export interface CrossLanguageLink {
  /** The English page, by its address. */
  page: string;
  target: string;
  /** The address it should link to instead. */
  english: string;
}

/** The site path a reference names, or undefined for another site, a fragment, an asset. */
function linkedPagePath(ref: string, baseUrl: string): string | undefined {
  const value = ref.replace(/&amp;/g, '&');
  const path = value.startsWith(`${baseUrl}/`) ? value.slice(baseUrl.length) : value.startsWith('/') && !value.startsWith('//') ? value : undefined;
  if (path === undefined) return undefined;
  const bare = path.split(/[?#]/)[0]!;
  try {
    return decodeURI(bare.length > 1 ? bare.replace(/\/$/, '') : bare);
  } catch {
    return bare;
  }
}

/**
 * Every link of an English page to a French page that has an English counterpart: an English
 * reader sent to French by a stray address. The page's own way to French (its language link,
 * its hreflang alternates) names its own counterpart, or the French home for a page without one
 * (the not-found page), and is the one link allowed there.
 */
export function findCrossLanguageLinks(routes: readonly Route[], refsOf: (route: Route) => readonly string[], baseUrl: string): CrossLanguageLink[] {
  const french = new Map(routes.filter((r) => r.locale === 'fr').map((r) => [r.path, r]));
  const found: CrossLanguageLink[] = [];
  for (const route of routes) {
    if (route.locale === 'fr' || route.path !== route.canonical) continue;
    const own = route.alternates.fr ?? PATHS.fr.home;
    for (const ref of refsOf(route)) {
      const path = linkedPagePath(ref, baseUrl);
      const target = path === undefined ? undefined : french.get(path);
      const english = target?.alternates.en;
      if (!target || !english || target.canonical === own) continue;
      found.push({ page: route.path, target: ref, english });
    }
  }
  return found;
}

/**
 * As the content error reports it: where the link was written (the file that holds it, else the
 * page's own file when a template did), each page it sends to French, and the address to link.
 */
export function crossLanguageIssue(place: LinkDiagnostic, english: string): RuleDiagnostic {
  return {
    file: place.file ?? place.pages[0]!,
    ...(place.line ? { line: place.line, column: place.column } : {}),
    field: 'lien',
    message: `la page anglaise ${place.pages.join(', ')} mène à la page française ${place.target}, qui a sa version anglaise : liez ${english}`,
  };
}
