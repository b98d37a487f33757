import type { ReactNode } from 'react';
import type { EntryKind } from '../../content/content-files.ts';
import { englishSite } from '../../content/english-site.ts';
import { mapStrings } from '../../content/map-strings.ts';
import { type Entry, parseEntry } from '../../content/parse-entry.ts';
import { Footer } from '../../render/layout/footer.tsx';
import { Header } from '../../render/layout/header.tsx';
import { cityPage } from '../../render/pages/city.tsx';
import { homePage } from '../../render/pages/home.tsx';
import { servicePage } from '../../render/pages/service.tsx';
import type { PageOutput } from '../../render/pages/page.ts';
import { SiteProvider } from '../../render/parts/site-context.tsx';
import type { SiteData, SiteDataSet } from '../../render/site-data.ts';
import { TEMPLATES } from '../../render/templates.ts';
import { type PhotoManifest, PHOTO_MARKER } from '../../shared/photos.ts';
import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import type { Locale } from '../../shared/locales.ts';
import { ENGLISH_PAGE_FILES, PAGE_FILES, PAGE_KINDS, type SinglePageName } from '../../site/page-kinds.ts';
import { toFile } from '../markdown-format.ts';

/** What the preview pane shows: the page, or what keeps the entry from making one. */
export type Preview = { ok: true; page: ReactNode } | { ok: false; problems: string[] };

/**
 * The content kind of an entry of a generated collection: `en-` collections hold the same kinds
 * in English, and so does the site collection's `en-site` file (content/en/site.md).
 */
export function entryKind(collection: string, slug: string): EntryKind {
  const locale: Locale = collection.startsWith('en-') || (collection === 'site' && slug === 'en-site') ? 'en' : 'fr';
  const base = collection.replace(/^en-/, '');
  if (base === 'site') return { type: 'site', locale };
  if (base === 'pages') return { type: 'page', page: slug, locale };
  return { type: base === 'cities' ? 'city' : 'service', locale };
}

/**
 * The page an entry makes, as the build would make it: the form's values written back to the
 * file's text by the editor's own format, parsed by the build's content code (schema, tokens,
 * typography, Markdown) and rendered by the site's templates with the rest of the site as built.
 */
export function previewEntry(collection: string, slug: string, file: string, values: Record<string, unknown>, set: SiteDataSet): Preview {
  const kind = entryKind(collection, slug);
  const data = set[kind.locale];
  if (!data) return { ok: false, problems: ['Le site anglais n’a pas encore été construit : construisez-le pour voir cet aperçu.'] };
  const parsed = parseEntry(kind, file, toFile(values), data.site, kind.locale === 'fr' ? PAGE_FILES : ENGLISH_PAGE_FILES);
  const problems = (issues: RuleDiagnostic[]): Preview => ({ ok: false, problems: issues.map((i) => `${i.field ? `${i.field} : ` : ''}${i.message}`) });
  if (!parsed.ok) return problems(parsed.issues);
  const entry = parsed.entry.type === 'site-text' ? englishSite(set.fr.site, parsed.entry.value, file, 'content/site.md') : { entry: parsed.entry };
  if ('issues' in entry) return problems(entry.issues);
  const shown = withEntry(data, 'site' in entry ? { type: 'site', value: entry.site } : entry.entry);
  if (!shown) return { ok: false, problems: ['Ce texte s’affiche sur chaque page de ville : ouvrez une ville pour le voir en place.'] };
  const [site, render] = shown;
  try {
    const { section, body } = render(site);
    return {
      ok: true,
      page: (
        <SiteProvider value={site}>
          <Header current={section} languageLink="" />
          <main id="contenu">{body}</main>
          <Footer />
        </SiteProvider>
      ),
    };
  } catch (error) {
    // A value the schema accepts but the site cannot show (a city naming an unknown service).
    return { ok: false, problems: [String((error as Error).message ?? error)] };
  }
}

type Render = (data: SiteData) => PageOutput;

/** The site with the edited entry in place of its built version, and the page that shows the entry. */
function withEntry(data: SiteData, entry: Exclude<Entry, { type: 'site-text' }>): [SiteData, Render] | undefined {
  const value = withPreviewPhotos(entry.value, data.photos);
  switch (entry.type) {
    case 'site':
      return [{ ...data, site: value as typeof entry.value }, (d) => homePage(d)];
    case 'service': {
      const service = value as typeof entry.value;
      const services = data.services.map((s) => (s.file === service.file ? service : s));
      return [{ ...data, services }, (d) => servicePage(d, service)];
    }
    case 'city':
      return [data, (d) => cityPage(d, value as typeof entry.value)];
    case 'page': {
      const site = { ...data, pages: { ...data.pages, [entry.page]: value } };
      if (!(entry.page in PAGE_KINDS) || PAGE_KINDS[entry.page as SinglePageName].type !== 'single') return undefined;
      const name = entry.page as SinglePageName;
      const template = TEMPLATES[name] as (d: SiteData, page: { template: SinglePageName }, city: undefined) => PageOutput;
      return [site, (d) => template(d, { template: name }, undefined)];
    }
  }
}

const MARKER = new RegExp(`<img src="${PHOTO_MARKER}([^"]*)" alt="([^"]*)">`, 'g');

/**
 * The photos of Markdown texts, left as markers by the parse: the built photo when the site has
 * one (the build's `<picture>` needs a server-side renderer the editor does not carry), else its
 * description, until a build encodes the new photo.
 */
export function withPreviewPhotos<T>(value: T, photos: PhotoManifest): T {
  return mapStrings(value, (text) =>
    text.includes(PHOTO_MARKER)
      ? text.replace(MARKER, (_, src: string, alt: string) => {
          const info = photos[decodeURI(src)];
          const largest = info?.variants[info.variants.length - 1];
          return largest ? `<span class="photo photo-body"><img class="photo-image" src="${largest.webp}" alt="${alt}"></span>` : `<span class="photo photo-body">${alt}</span>`;
        })
      : text,
  );
}
