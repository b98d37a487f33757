import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { citySlug } from './city-slug.ts';
import { ContentError, type ContentIssue } from './content-error.ts';
import { markdownToHtml } from './markdown.ts';
import { parseContentFile } from './read-file.ts';
import { citySchema } from './schemas/city.ts';
import { type PageName, pageSchemas } from './schemas/pages.ts';
import { serviceSchema } from './schemas/service.ts';
import { siteSchema } from './schemas/site.ts';
import type { Tokens } from './tokens.ts';
import type { City, Content, Pages, Service, Site } from './types.ts';

const PAGE_NAMES = Object.keys(pageSchemas) as PageName[];

/**
 * Reads and checks every file of the content folder. All problems of all files are collected
 * and thrown together as one ContentError, so an editor fixes them in one pass.
 */
export function loadContent(dir: string): Content {
  const issues: ContentIssue[] = [];
  const name = (path: string) => relative(process.cwd(), path) || path;
  const read = (path: string) => readFileSync(path, 'utf8');

  const sitePath = join(dir, 'site.md');
  let site: Site | undefined;
  if (!existsSync(sitePath)) {
    issues.push({ file: name(sitePath), field: '', message: 'fichier requis manquant (les faits de l’entreprise)' });
  } else {
    const parsed = parseContentFile(name(sitePath), read(sitePath), siteSchema, null);
    if (parsed.ok) {
      const tel = `+1${parsed.data.phone.replace(/\D/g, '')}`;
      site = { ...parsed.data, tel, blurbHtml: '' };
      site.blurbHtml = markdownToHtml(fillSiteTokens(parsed.body, siteTokens(site)), site);
    } else issues.push(...parsed.issues);
  }
  // Without valid site facts every `{phone}` would be reported as unknown: check shapes only.
  const tokens = site ? siteTokens(site) : null;

  const services: Service[] = [];
  let servicesValid = true;
  for (const path of markdownFiles(dir, 'services', issues, name)) {
    const parsed = parseContentFile(name(path), read(path), serviceSchema, tokens);
    if (!parsed.ok) {
      issues.push(...parsed.issues);
      servicesValid = false;
    } else services.push({ ...parsed.data, file: name(path), definitionHtml: markdownToHtml(parsed.body, site) });
  }

  const cities: City[] = [];
  for (const path of markdownFiles(dir, 'cities', issues, name)) {
    const parsed = parseContentFile(name(path), read(path), citySchema, tokens);
    if (!parsed.ok) issues.push(...parsed.issues);
    else cities.push({ ...parsed.data, file: name(path), introHtml: markdownToHtml(parsed.body, site) });
  }

  const pages: Partial<Record<PageName, unknown>> = {};
  const pagesDir = join(dir, 'pages');
  for (const page of PAGE_NAMES) {
    const path = join(pagesDir, `${page}.md`);
    if (!existsSync(path)) {
      issues.push({ file: name(path), field: '', message: 'fichier de page requis manquant' });
      continue;
    }
    const keep = page === 'city' ? ['city'] : [];
    const parsed = parseContentFile(name(path), read(path), pageSchemas[page], tokens, keep);
    if (!parsed.ok) issues.push(...parsed.issues);
    else pages[page] = page === 'about' ? { ...parsed.data, bodyHtml: markdownToHtml(parsed.body, site) } : parsed.data;
  }
  if (existsSync(pagesDir)) {
    for (const file of readdirSync(pagesDir)) {
      if (!PAGE_NAMES.includes(file.replace(/\.md$/, '') as PageName)) {
        issues.push({ file: name(join(pagesDir, file)), field: '', message: `page inconnue (pages prévues : ${PAGE_NAMES.join(', ')})` });
      }
    }
  }

  issues.push(...crossCheck(services, cities, servicesValid));
  if (issues.length > 0 || !site) throw new ContentError(issues);
  return {
    site,
    services: services.sort((a, b) => a.order - b.order),
    cities: cities.sort((a, b) => a.order - b.order),
    pages: pages as unknown as Pages,
  };
}

export function siteTokens(site: Pick<Site, 'name' | 'phone' | 'email' | 'tel'>): Tokens {
  return { name: site.name, phone: site.phone, email: site.email, tel: site.tel };
}

function fillSiteTokens(text: string, tokens: Tokens): string {
  return text.replace(/\{(name|phone|email|tel)\}/g, (_, key: string) => tokens[key]!);
}

function markdownFiles(dir: string, sub: string, issues: ContentIssue[], name: (p: string) => string): string[] {
  const folder = join(dir, sub);
  if (!existsSync(folder)) {
    issues.push({ file: name(folder), field: '', message: 'dossier requis manquant' });
    return [];
  }
  return readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => join(folder, f));
}

/**
 * Rules that span files: unique slugs, orders and form values, and references that resolve.
 * `servicesValid` is false when a service file was rejected: the cities' links to it would then
 * be reported as dangling, burying the one real error under twelve.
 */
export function crossCheck(services: Service[], cities: City[], servicesValid: boolean): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const firstOwner = new Map<string, string>();
  /** `label` names the value and agrees with « déjà utilisé(e) », e.g. « valeur x » déjà utilisée. */
  const unique = (key: string, file: string, field: string, label: string) => {
    const owner = firstOwner.get(key);
    if (owner) issues.push({ file, field, message: `${label} par ${owner}` });
    else firstOwner.set(key, file);
  };
  for (const s of services) {
    unique(`service:${s.slug}`, s.file, 'slug', `slug « ${s.slug} » déjà utilisé`);
    s.aliases.forEach((a, i) => unique(`service:${a}`, s.file, `aliases[${i}]`, `slug « ${a} » déjà utilisé`));
    unique(`service-form:${s.formValue}`, s.file, 'formValue', `valeur de formulaire « ${s.formValue} » déjà utilisée`);
    unique(`service-order:${s.order}`, s.file, 'order', `ordre ${s.order} déjà utilisé`);
  }
  if (services.length > 0 && services.filter((s) => s.kind === 'emergency').length !== 1) {
    issues.push({ file: services[0]!.file, field: 'kind', message: 'exactement un service doit être de type « emergency » (la page /urgence)' });
  }
  const serviceSlugs = new Set(services.map((s) => s.slug));
  for (const c of cities) {
    unique(`city:${c.slug}`, c.file, 'slug', `slug « ${c.slug} » déjà utilisé`);
    unique(`city-form:${c.formValue ?? c.slug}`, c.file, 'formValue', `valeur de formulaire « ${c.formValue ?? c.slug} » déjà utilisée`);
    unique(`city-order:${c.order}`, c.file, 'order', `ordre ${c.order} déjà utilisé`);
    if (citySlug(c.name) !== c.slug) {
      issues.push({ file: c.file, field: 'slug', message: `doit être « ${citySlug(c.name)} », tiré du nom « ${c.name} » (minuscules, sans apostrophe, espaces en tirets)` });
    }
    c.services.forEach((ref, i) => {
      if (servicesValid && services.length > 0 && !serviceSlugs.has(ref.service)) {
        issues.push({ file: c.file, field: `services[${i}].service`, message: `aucun service « ${ref.service} » (services : ${[...serviceSlugs].join(', ')})` });
      }
    });
  }
  return issues;
}
