import type { ContentFile } from '../content/content-files.ts';
import type { Route } from '../site/routes.ts';

/** The content file a page is made from: its own text (site.md, which feeds every page, aside). */
function contentFileOf(files: ContentFile[]) {
  const byName = new Map(files.map((f) => [f.file, f]));
  const pageFiles = new Map(files.flatMap((f) => (f.kind.type === 'page' ? [[f.kind.page as string, f]] : [])));
  return (page: Route['page']): ContentFile | undefined =>
    page.template === 'city' ? byName.get(page.city.file) : page.template === 'service' ? byName.get(page.service.file) : pageFiles.get(page.template);
}

/** The content file each page is made from, by its address. */
export function ownFile(routes: Route[], files: ContentFile[]) {
  const source = contentFileOf(files);
  const byPath = new Map(routes.map((r) => [r.path, r.page]));
  return (path: string): string | undefined => {
    const page = byPath.get(path);
    return page && source(page)?.file;
  };
}

/**
 * A page's `lastmod`: the later of the last commits that touched its own content file and
 * site.md (whose facts are on every page); unknown without history.
 */
export function lastmod(dates: Map<string, string>, files: ContentFile[]) {
  const source = contentFileOf(files);
  const site = files.find((f) => f.kind.type === 'site');
  const siteDate = site && dates.get(site.path);
  return (route: Route): string | undefined => {
    const own = source(route.page);
    const candidates = [own && dates.get(own.path), siteDate].filter((d): d is string => !!d);
    return candidates.sort((a, b) => Date.parse(b) - Date.parse(a))[0];
  };
}
