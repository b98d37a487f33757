import type { ContentFile } from '../content/content-files.ts';
import type { Route } from '../site/routes.ts';

/** The content file a page is made from: its own text, in its language (site.md, which feeds every page, aside). */
function contentFileOf(files: ContentFile[]) {
  const byName = new Map(files.map((f) => [f.file, f]));
  const pageFiles = new Map(files.flatMap((f) => (f.kind.type === 'page' ? [[`${f.locale} ${f.kind.page}`, f]] : [])));
  return ({ page, locale }: Pick<Route, 'page' | 'locale'>): ContentFile | undefined =>
    page.template === 'city' ? byName.get(page.city.file) : page.template === 'service' ? byName.get(page.service.file) : pageFiles.get(`${locale} ${page.template}`);
}

/** The content file each page is made from, by its address. */
export function ownFile(routes: Route[], files: ContentFile[]) {
  const source = contentFileOf(files);
  const byPath = new Map(routes.map((r) => [r.path, r]));
  return (path: string): string | undefined => {
    const route = byPath.get(path);
    return route && source(route)?.file;
  };
}

/**
 * A page's `lastmod`: the latest of the last commits that touched its own content file and
 * site.md (whose facts are on every page), and its language's site.md; unknown without history.
 */
export function lastmod(dates: Map<string, string>, files: ContentFile[]) {
  const source = contentFileOf(files);
  const siteDates = new Map(files.flatMap((f) => (f.kind.type === 'site' ? [[f.locale, dates.get(f.path)]] : [])));
  return (route: Route): string | undefined => {
    const own = source(route);
    // An English page shows the facts of the French site.md and the texts of the English one.
    const candidates = [own && dates.get(own.path), siteDates.get('fr'), route.locale === 'fr' ? undefined : siteDates.get(route.locale)].filter((d): d is string => !!d);
    return candidates.sort((a, b) => Date.parse(b) - Date.parse(a))[0];
  };
}
