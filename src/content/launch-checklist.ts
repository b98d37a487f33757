import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import type { Locale } from '../shared/locales.ts';
import { locate } from './positions.ts';
import { type Company, scaffoldLeftovers } from './scaffold-leftovers.ts';

/** One content file as the checklist reads it: its name as editors read it, and its text. */
export interface ChecklistFile {
  file: string;
  text: string;
  /** site.md holds the company's facts; pages/home.md its testimonials. */
  role?: 'site' | 'home';
  /** A city file that may still be as `npm run new` wrote it: the city's name, and the file's language. */
  city?: string;
  locale?: Locale;
}

export interface ChecklistInput {
  files: readonly ChecklistFile[];
  /** SITE_URL, when it replaces site.md's baseUrl. */
  siteUrl?: string | undefined;
  /** Where the form posts, where that came from, and why it cannot receive leads (if it cannot). */
  webhook: { url: string; source: 'QUOTE_WEBHOOK_URL' | 'content/site.md'; problem?: string | undefined };
  /** Where site.md says the company is: a new city file starts from its coordinates. */
  company?: Company | undefined;
  /** The Worker's configuration (wrangler.jsonc), when the project has one: its routes name the site's domain. */
  deployConfig?: { file: string; text: string } | undefined;
}

/** Top-level domains and domains kept for examples and tests (RFC 2606, RFC 6761): nobody reads them. */
const RESERVED_TLDS = new Set(['example', 'test', 'invalid', 'localhost']);
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

export function isReservedHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  const tld = name.slice(name.lastIndexOf('.') + 1);
  return RESERVED_TLDS.has(tld) || RESERVED_DOMAINS.some((d) => name === d || name.endsWith(`.${d}`));
}

/** North American numbers 555-0100 to 555-0199 are kept for fiction: no phone rings there. */
export function isFictionalPhone(phone: string): boolean {
  return /55501\d\d$/.test(phone.replace(/\D/g, ''));
}

const EMAIL = /[\w.+-]+@((?:[\w-]+\.)+[\w-]+)/g;
const WEB = /https?:\/\/((?:[\w-]+\.)*[\w-]+)/g;
/** What every e-mail and every web address holds. */
const EMAIL_MARK = '@';
const WEB_MARK = '://';

/**
 * Whether a file's bytes may hold an address: the build notes it as it reads each file, and the
 * checklist reads again only those (and site.md and home.md), not thousands of cities.
 */
export function mayNameAddress(bytes: Buffer): boolean {
  return bytes.includes(EMAIL_MARK) || bytes.includes(WEB_MARK);
}

/**
 * Every e-mail or web address on a reserved domain in a file, with where it is. The file's YAML
 * is parsed for positions only when one is found, and a pattern runs only on a file holding its
 * mark: at 4,000 cities, parsing each header and scanning every word for an `@` took 2.7 s of a
 * 3.9 s build.
 */
function reservedAddresses(f: ChecklistFile): RuleDiagnostic[] {
  let where: ReturnType<typeof locate> | undefined;
  const found: RuleDiagnostic[] = [];
  for (const [mark, pattern, what, instead] of [
    [EMAIL_MARK, EMAIL, 'adresse courriel', 'la vraie adresse courriel de l’entreprise'],
    [WEB_MARK, WEB, 'adresse web', 'l’adresse réelle (ou retirez le lien)'],
  ] as const) {
    if (!f.text.includes(mark)) continue;
    for (const m of f.text.matchAll(pattern)) {
      if (!isReservedHost(m[1]!)) continue;
      where ??= locate(f.text);
      const at = where.at(m.index);
      const baseUrl = f.role === 'site' && at.field === 'baseUrl';
      found.push({
        file: f.file,
        line: at.line,
        column: at.column,
        field: at.field ?? 'texte Markdown',
        message: baseUrl
          ? `adresse du site sur un domaine d’exemple (« ${m[1]} ») : écrivez l’adresse publique du site, ex. https://www.votre-domaine.ca, ou donnez-la dans la variable SITE_URL`
          : `${what} d’exemple (« ${m[0]} », domaine réservé aux exemples) : écrivez ${instead}`,
      });
    }
  }
  return found;
}

function fictionalPhones(f: ChecklistFile): RuleDiagnostic[] {
  const where = locate(f.text);
  return [...f.text.matchAll(/^\s*phone:\s*["']?([^"'\n]+)/gm)].flatMap((m) => {
    if (!isFictionalPhone(m[1]!)) return [];
    const at = where.at(m.index + m[0].lastIndexOf(m[1]!));
    return [{ file: f.file, line: at.line, column: at.column, field: at.field ?? 'phone', message: `numéro fictif (« ${m[1]} » : les 555-0100 à 555-0199 sont réservés aux exemples) : écrivez le vrai numéro` }];
  });
}

/** What Law 25 has the site publish, still the demo's: the person in charge, how long requests are kept, who receives them. */
const PRIVACY_FACTS: { path: string[]; instead: string }[] = [
  { path: ['privacy', 'officer', 'name'], instead: 'le nom de la personne responsable de la protection des renseignements personnels (par défaut, la plus haute autorité de l’entreprise), et son titre' },
  { path: ['privacy', 'retention'], instead: 'la durée pendant laquelle vous gardez vraiment une demande de devis avant de la détruire' },
  { path: ['privacy', 'processor', 'name'], instead: 'le nom du service qui reçoit vraiment les demandes du formulaire (votre webhook) et sa région' },
  { path: ['privacy', 'relay', 'host'], instead: 'l’hébergeur qui garde la copie des demandes (le Worker et sa base D1), sa région et le nombre de jours avant leur destruction' },
];

function samplePrivacy(f: ChecklistFile): RuleDiagnostic[] {
  // Indentation is spaces and tabs only: `\s+` also eats newlines, and over a longer block the
  // ways to split it grow exponentially (a privacy block of 20 lines hung the build).
  if (!/^privacy:[ \t]*\n(?:[ \t]+\S.*\n|[ \t]*\n)*?[ \t]+sample:[ \t]*true\b/m.test(f.text)) return [];
  const where = locate(f.text);
  return PRIVACY_FACTS.flatMap(({ path, instead }) => {
    const at = where.field(path);
    return at ? [{ file: f.file, ...at, field: path.join('.'), message: `valeur d’exemple (privacy.sample: true) : écrivez ${instead}, puis retirez « sample: true »` }] : [];
  });
}

/**
 * The certification the pages name (`credential`), still the demo's: a claim of certification the
 * company may not hold. Refused like the phone until the owner writes the real one.
 */
function sampleCredential(f: ChecklistFile): RuleDiagnostic[] {
  if (!/^credential:[ \t]*\n(?:[ \t]+\S.*\n|[ \t]*\n)*?[ \t]+sample:[ \t]*true\b/m.test(f.text)) return [];
  const at = locate(f.text).field(['credential', 'fr']);
  return at
    ? [{ file: f.file, ...at, field: 'credential.fr', message: 'certification d’exemple (credential.sample: true) : écrivez le titre que détiennent vraiment vos chefs d’équipe, tel que l’organisme le donne, en français et en anglais, puis retirez « sample: true » (sans certification, retirez le mot « certifié » des textes qui insèrent {credential})' }]
    : [];
}

function sampleTestimonials(f: ChecklistFile): RuleDiagnostic[] {
  const where = locate(f.text);
  return [...f.text.matchAll(/^\s*sample:\s*true\b/gm)].map((m) => {
    const at = where.at(m.index + m[0].indexOf('sample'));
    return {
      file: f.file,
      line: at.line,
      column: at.column,
      field: at.field?.replace(/\.sample$/, '') || 'testimonials',
      message: 'témoignage d’exemple (sample: true) : remplacez-le par l’avis d’un vrai client, avec sa permission, puis retirez « sample: true »',
    };
  });
}

/** wrangler.jsonc's `routes` array: its entries hold no array, so it ends at the first `]`. */
const ROUTES = /"routes"\s*:\s*\[([^\]]*)\]/;
/** Each string in it, in order, and whether it is a key: the others are patterns and zone names. */
const JSON_STRING = /"((?:[^"\\]|\\.)*)"(\s*:)?/g;

/**
 * A route of the Worker (its custom domain, or a zone's pattern) on a domain kept for examples:
 * the deploy would ask Cloudflare for a domain that no account holds.
 */
function exampleRoutes(config: { file: string; text: string }): RuleDiagnostic[] {
  const routes = ROUTES.exec(config.text);
  if (!routes) return [];
  const start = routes.index + routes[0].indexOf('[') + 1;
  return [...routes[1]!.matchAll(JSON_STRING)].flatMap((m) => {
    const host = m[1]!.replace(/^\*\.?/, '').split('/')[0]!;
    if (m[2] || !host.includes('.') || !isReservedHost(host)) return [];
    const at = start + m.index + 1;
    const before = config.text.slice(0, at);
    return [
      {
        file: config.file,
        line: before.split('\n').length,
        column: at - before.lastIndexOf('\n'),
        field: 'routes',
        message: `domaine d’exemple dans les routes du Worker (« ${host} ») : écrivez le domaine public du site (celui de baseUrl), sur une zone de votre compte Cloudflare`,
      },
    ];
  });
}

function webhookIssue({ webhook, files }: ChecklistInput): RuleDiagnostic[] {
  if (!webhook.problem) return [];
  const site = files.find((f) => f.role === 'site');
  if (webhook.source === 'QUOTE_WEBHOOK_URL' || !site) return [{ file: 'QUOTE_WEBHOOK_URL', field: '', message: webhook.problem }];
  const match = /^quoteWebhook:\s*/m.exec(site.text);
  const at = match ? locate(site.text).at(match.index + match[0].length) : undefined;
  return [{ file: site.file, ...(at ? { line: at.line, column: at.column } : {}), field: 'quoteWebhook', message: webhook.problem }];
}

/**
 * What must be replaced before the site goes live, each at its file, line and column with what to
 * write instead: fictional phone numbers, every address on a domain kept for examples (the site's
 * own address among them, or SITE_URL's), testimonials written for the demo, the demo's privacy
 * facts (the person in charge, the retention period, the service that receives requests), the
 * demo's certification, a city
 * still as `npm run new` wrote it (its text, the company's coordinates), a quote webhook that
 * cannot receive leads, and a route of the Worker on an example domain. A production build refuses to publish while the list is not empty;
 * any other build prints it as a reminder.
 */
export function launchChecklist(input: ChecklistInput): RuleDiagnostic[] {
  const issues = input.files.flatMap((f) => [
    ...(f.role === 'site' ? [...fictionalPhones(f), ...samplePrivacy(f), ...sampleCredential(f)] : []),
    ...reservedAddresses(f),
    ...(f.role === 'home' ? sampleTestimonials(f) : []),
    ...(f.city && input.company ? scaffoldLeftovers(f.file, f.text, f.city, input.company, f.locale) : []),
  ]);
  if (input.deployConfig) issues.push(...exampleRoutes(input.deployConfig));
  if (input.siteUrl) {
    const host = /^https?:\/\/([^/:]+)/.exec(input.siteUrl)?.[1];
    const siteMd = input.files.find((f) => f.role === 'site');
    // SITE_URL replaces site.md's address: that one no longer reaches the live site.
    const replaced = (i: RuleDiagnostic) => i.file === siteMd?.file && i.field === 'baseUrl';
    issues.splice(0, issues.length, ...issues.filter((i) => !replaced(i)));
    if (host && isReservedHost(host)) issues.push({ file: 'SITE_URL', field: '', message: `adresse du site sur un domaine d’exemple (« ${host} ») : donnez l’adresse publique du site, ex. https://www.votre-domaine.ca` });
  }
  // In the order an editor goes through the files: each file's problems from its top.
  const order = new Map(input.files.map((f, i) => [f.file, i]));
  return [...issues, ...webhookIssue(input)].sort((a, b) => (order.get(a.file!) ?? order.size) - (order.get(b.file!) ?? order.size) || (a.line ?? 0) - (b.line ?? 0));
}
