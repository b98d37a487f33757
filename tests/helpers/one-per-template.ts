import type { Route } from '../../src/site/routes.ts';

/**
 * The address of one page of each template in each language (both kinds of service page apart,
 * the not-found page included): what pages of a template share (the islands, the layout) is
 * checked on one of them.
 */
export function onePerTemplate(routes: readonly Route[]): string[] {
  const seen = new Set<string>();
  return routes
    .filter((r) => r.indexable || r.page.template === 'not-found')
    .filter((r) => {
      const kind = `${r.locale} ${r.page.template === 'service' ? `service-${r.page.service.kind}` : r.page.template}`;
      if (seen.has(kind)) return false;
      seen.add(kind);
      return true;
    })
    .map((r) => r.path);
}
