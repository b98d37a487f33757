import type { CmsConfig } from 'decap-cms-core';
import type { SiteDataSet } from '../../render/site-data.ts';
import type CMS from '../decap.ts';
import { withNewCitySlug } from '../new-city-slug.ts';
import { previewEntry, withPreviewPhotos } from './entry-page.tsx';
import { PREVIEW_DATA_PATH } from './preview-data.ts';

/** The part of Decap's Immutable maps the preview reads. */
interface Immutable {
  get(key: string): unknown;
  toJS(): Record<string, unknown>;
}

function EntryPreview({ entry, collection, data }: { entry: Immutable; collection: Immutable; data: SiteDataSet }) {
  const slug = String(entry.get('slug') ?? '');
  const file = String(entry.get('path') ?? `${String(collection.get('folder') ?? 'content')}/${slug || 'nouveau'}.md`);
  // A new city is previewed under the slug its save will give it.
  const values = (withNewCitySlug({ entry: entry as never }) as unknown as Immutable).toJS();
  const preview = previewEntry(String(collection.get('name')), slug, file, values, data);
  if (preview.ok) return preview.page;
  return (
    <main className="container section" role="status">
      <h2>L’aperçu attend une correction</h2>
      <ul>
        {preview.problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </main>
  );
}

/**
 * The preview pane shows the page the entry makes with the site's own templates and stylesheet,
 * re-rendered at each keystroke. Without the site's data (an editor bundle written without
 * `npm run admin`'s data file), Decap's default preview stays.
 */
export async function registerPreview(cms: typeof CMS, config: Pick<CmsConfig, 'collections'>): Promise<void> {
  const fetched = await fetch(`/${PREVIEW_DATA_PATH}`, { cache: 'no-cache' }).then(
    (r) => (r.ok ? (r.json() as Promise<SiteDataSet>) : undefined),
    () => undefined,
  );
  if (!fetched) return;
  const data = withPreviewPhotos(fetched, fetched.fr.photos);
  cms.registerPreviewStyle(data.fr.assets.css);
  const Preview = (props: { entry: Immutable; collection: Immutable }) => <EntryPreview {...props} data={data} />;
  // A folder collection's template goes by the collection's name, a file collection's by the file's.
  const names = config.collections.flatMap((c) => (c.files ? c.files.map((f) => f.name) : [c.name]));
  for (const name of new Set(names)) cms.registerPreviewTemplate(name, Preview as never);
}
