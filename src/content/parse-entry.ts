import { telOf } from '../shared/contact-links.ts';
import type { EntryKind } from './content-files.ts';
import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import { EntryPhotos } from './entry-photos.ts';
import { renderMarkdown } from './markdown.ts';
import { contentPathOf } from './photo-refs.ts';
import type { PageFiles } from './page-files.ts';
import { parseContentFile } from './read-file.ts';
import { citySchema } from './schemas/city.ts';
import { serviceSchema } from './schemas/service.ts';
import { siteSchema, siteTextSchema } from './schemas/site.ts';
import { replaceTokens, type Tokens } from './tokens.ts';
import type { Locale } from '../shared/locales.ts';
import type { City, Service, Site, SiteText } from './types.ts';

export type Entry =
  | { type: 'site'; value: Site }
  | { type: 'site-text'; value: SiteText }
  | { type: 'service'; value: Service }
  | { type: 'city'; value: City }
  | { type: 'page'; page: string; value: Record<string, unknown> };

export type EntryResult = { ok: true; entry: Entry } | { ok: false; issues: RuleDiagnostic[] };

/** The facts a text may insert: `{credential}` and `{critical}` in the file's language. */
export function siteTokens(site: Pick<Site, 'name' | 'phone' | 'email' | 'tel' | 'credential' | 'critical'>, locale: Locale = 'fr'): Tokens {
  return { name: site.name, phone: site.phone, email: site.email, tel: site.tel, credential: site.credential[locale], critical: site.critical[locale] };
}

/**
 * One content file, validated and with its Markdown rendered: a pure function of the file's text
 * and the site's facts (its tokens and the contacts that become links), so any worker can run it
 * and its result can be cached under those inputs. `site` is null when site.md itself is broken:
 * shapes are still checked, but no `{phone}` is reported as unknown. `pageFiles` says what each
 * file of content/pages/ holds.
 */
export function parseEntry(kind: EntryKind, file: string, raw: string, site: Site | null, pageFiles: PageFiles): EntryResult {
  const removed: RuleDiagnostic[] = [];
  const photos = new EntryPhotos(file, contentPathOf(kind, file));
  /** The body as HTML; a link the sanitizer would leave dead is reported at its line, and so is a photo's problem. */
  const markdown: Markdown = (parsed, text = parsed.body, contacts = site ?? undefined) => {
    const { html, removed: dead, photos: shown, photoProblems } = renderMarkdown(text, contacts, photos.contentPath);
    photos.addBody(parsed.bodyLine, shown, photoProblems);
    for (const r of dead) {
      removed.push({
        file,
        line: parsed.bodyLine + r.line - 1,
        column: r.column,
        field: 'texte Markdown',
        message: `lien ou image sans adresse permise : « ${r.url} » serait retiré et laisserait un texte mort (adresses permises : https://…, mailto:, tel: ou une page du site)`,
      });
    }
    return html;
  };
  const result = parseKind(kind, file, raw, site, markdown, pageFiles, photos);
  const issues = [...removed, ...photos.issues];
  if (!result.ok || issues.length > 0) return result.ok ? { ok: false, issues } : result;
  return result;
}

type Markdown = (parsed: { body: string; bodyLine: number }, text?: string, contacts?: Site) => string;

/** Each entry carries the photos it names, its hero's first. */
function parseKind(kind: EntryKind, file: string, raw: string, site: Site | null, markdown: Markdown, pageFiles: PageFiles, photos: EntryPhotos): EntryResult {
  const tokens = site ? siteTokens(site, kind.locale) : null;
  const { locale } = kind;
  switch (kind.type) {
    case 'site': {
      if (locale !== 'fr') {
        // {utility} is filled per page at render (site.ts's `wire`).
        const parsed = parseContentFile(file, raw, siteTextSchema, tokens, ['utility'], locale);
        if (!parsed.ok) return { ok: false, issues: parsed.issues.map(factInTranslation) };
        return { ok: true, entry: { type: 'site-text', value: { ...parsed.data, blurbHtml: markdown(parsed) } } };
      }
      const parsed = parseContentFile(file, raw, siteSchema, null);
      if (!parsed.ok) return parsed;
      const tel = telOf(parsed.data.phone);
      const value: Site = { ...parsed.data, tel, blurbHtml: '', photos: photos.refs };
      value.blurbHtml = markdown(parsed, fillSiteTokens(parsed.body, siteTokens(value)), value);
      return { ok: true, entry: { type: 'site', value } };
    }
    case 'service': {
      const parsed = parseContentFile(file, raw, serviceSchema, tokens, [], locale);
      if (!parsed.ok) return parsed;
      photos.addHero(raw, parsed.data.photo);
      return { ok: true, entry: { type: 'service', value: { ...parsed.data, file, definitionHtml: markdown(parsed), photos: photos.refs } } };
    }
    case 'city': {
      const parsed = parseContentFile(file, raw, citySchema, tokens, [], locale);
      if (!parsed.ok) return parsed;
      photos.addHero(raw, parsed.data.photo);
      return { ok: true, entry: { type: 'city', value: { ...parsed.data, file, introHtml: markdown(parsed), photos: photos.refs } } };
    }
    case 'page': {
      const spec = pageFiles[kind.page]!;
      const parsed = parseContentFile(file, raw, spec.schema, tokens, spec.keepTokens ?? [], locale);
      if (!parsed.ok) return parsed;
      const data = parsed.data as Record<string, unknown>;
      photos.addHero(raw, data.photo as { src: string; alt?: string } | undefined);
      const value = { ...data, ...(spec.body ? { bodyHtml: markdown(parsed) } : {}), photos: photos.refs };
      return { ok: true, entry: { type: 'page', page: kind.page, value } };
    }
  }
}

/** A top-level fact of site.md written in its translation: said as such, with where it belongs. */
function factInTranslation(issue: RuleDiagnostic): RuleDiagnostic {
  if (!issue.field || !(issue.field in siteSchema.shape) || issue.field in siteTextSchema.shape) return issue;
  return { ...issue, message: `« ${issue.field} » est un fait de l’entreprise : il s’écrit une seule fois, dans content/site.md ; supprimez-le ici, le site anglais le reprend de là` };
}

/** site.md's own body: its facts are known only once its header is read. */
function fillSiteTokens(text: string, tokens: Tokens): string {
  return replaceTokens(text, tokens, [], () => {}, true);
}
