import type { ContentIssue } from './content-error.ts';
import type { EntryKind } from './content-files.ts';
import { markdownToHtml } from './markdown.ts';
import { parseContentFile } from './read-file.ts';
import { citySchema } from './schemas/city.ts';
import { pageSchemas } from './schemas/pages.ts';
import { serviceSchema } from './schemas/service.ts';
import { siteSchema } from './schemas/site.ts';
import type { Tokens } from './tokens.ts';
import type { City, PageData, Service, Site } from './types.ts';

export type Entry =
  | { type: 'site'; value: Site }
  | { type: 'service'; value: Service }
  | { type: 'city'; value: City }
  | { type: 'page'; page: string; value: PageData };

export type EntryResult = { ok: true; entry: Entry } | { ok: false; issues: ContentIssue[] };

export function siteTokens(site: Pick<Site, 'name' | 'phone' | 'email' | 'tel'>): Tokens {
  return { name: site.name, phone: site.phone, email: site.email, tel: site.tel };
}

/**
 * One content file, validated and with its Markdown rendered: a pure function of the file's text
 * and the site's facts (its tokens and the contacts that become links), so any worker can run it
 * and its result can be cached under those inputs. `site` is null when site.md itself is broken:
 * shapes are still checked, but no `{phone}` is reported as unknown.
 */
export function parseEntry(kind: EntryKind, file: string, raw: string, site: Site | null): EntryResult {
  const tokens = site ? siteTokens(site) : null;
  switch (kind.type) {
    case 'site': {
      const parsed = parseContentFile(file, raw, siteSchema, null);
      if (!parsed.ok) return parsed;
      const tel = `+1${parsed.data.phone.replace(/\D/g, '')}`;
      const value: Site = { ...parsed.data, tel, blurbHtml: '' };
      value.blurbHtml = markdownToHtml(fillSiteTokens(parsed.body, siteTokens(value)), value);
      return { ok: true, entry: { type: 'site', value } };
    }
    case 'service': {
      const parsed = parseContentFile(file, raw, serviceSchema, tokens);
      if (!parsed.ok) return parsed;
      return { ok: true, entry: { type: 'service', value: { ...parsed.data, file, definitionHtml: markdownToHtml(parsed.body, site ?? undefined) } } };
    }
    case 'city': {
      const parsed = parseContentFile(file, raw, citySchema, tokens);
      if (!parsed.ok) return parsed;
      return { ok: true, entry: { type: 'city', value: { ...parsed.data, file, introHtml: markdownToHtml(parsed.body, site ?? undefined) } } };
    }
    case 'page': {
      const keep = kind.page === 'city' ? ['city'] : [];
      const parsed = parseContentFile(file, raw, pageSchemas[kind.page], tokens, keep);
      if (!parsed.ok) return parsed;
      const value = kind.page === 'about' ? { ...parsed.data, bodyHtml: markdownToHtml(parsed.body, site ?? undefined) } : parsed.data;
      return { ok: true, entry: { type: 'page', page: kind.page, value: value as PageData } };
    }
  }
}

function fillSiteTokens(text: string, tokens: Tokens): string {
  return text.replace(/\{(name|phone|email|tel)\}/g, (_, key: string) => tokens[key]!);
}
