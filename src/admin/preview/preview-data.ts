import type { SiteDataSet } from '../../render/site-data.ts';

/**
 * Where the editor finds what every page of each language is rendered with besides the entry
 * being edited (the site's facts, services, city summaries, other pages, photos, stylesheet): written beside its
 * bundle by `npm run admin` and served fresh after each rebuild by `npm run cms`.
 */
export const PREVIEW_DATA_PATH = 'admin/site-data.json';

export function previewDataFiles(data: SiteDataSet): Map<string, Uint8Array> {
  return new Map([[PREVIEW_DATA_PATH, new TextEncoder().encode(JSON.stringify(data))]]);
}
