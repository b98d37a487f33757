import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { ContentFile } from '../../../content/content-files.ts';
import type { ChecklistInput } from '../../../content/launch-checklist.ts';
import { mayBeScaffold } from '../../../content/scaffold-leftovers.ts';
import type { RuleDiagnostic } from '../../../shared/diagnostic.ts';
import type { SiteContents } from '../../../site/site-content.ts';
import type { Webhook } from '../../pipeline/site-data.ts';
import { productionWebhookProblem } from '../../production-webhook.ts';

// What must be replaced before the site goes live (src/content/launch-checklist.ts), read from the
// content files as the editor wrote them: site.md, home.md and the files that may name an address,
// the others holding nothing the list looks for. A production build refuses to go on while the
// list is not empty; `npm run build` prints it as a reminder.

/** The checklist's items as the build reports them. */
export function launchItems(found: RuleDiagnostic[]): RuleDiagnostic[] {
  return found.map((d) => ({ ...d, kind: 'launch' as const }));
}

/**
 * The Worker's configuration of the project whose content this is: wrangler.jsonc beside the
 * content folder (content/ in the repository), named as the checklist shows files. A content
 * folder elsewhere (a test's copy) has none.
 */
export function deployConfigBeside(contentDir: string): ChecklistInput['deployConfig'] {
  const path = join(dirname(resolve(contentDir)), 'wrangler.jsonc');
  return existsSync(path) ? { file: relative(process.cwd(), path), text: readFileSync(path, 'utf8') } : undefined;
}

/** What the checklist reads: the few files that may hold what it looks for, where the form posts, and the Worker's routes. */
export function checklistInputOf(
  { files, namingAddresses }: { files: readonly ContentFile[]; namingAddresses: ReadonlySet<string> },
  webhook: Webhook,
  siteUrl: string | undefined,
  contents: SiteContents,
  deployConfig?: ChecklistInput['deployConfig'],
): ChecklistInput {
  const { site } = contents.fr;
  const cities = [contents.fr, ...(contents.en ? [contents.en] : [])].flatMap((c) => c.cities.map((city) => ({ city, locale: c.locale })));
  const role = (f: ContentFile) => (f.kind.type === 'site' ? 'site' : f.kind.type === 'page' && f.kind.page === 'home' ? 'home' : undefined);
  // A city is read again only when its summary says it may still be the scaffold (src/content/scaffold-leftovers.ts).
  const company = { geo: site.geo, locality: site.address.locality };
  const scaffolds = new Map(cities.filter(({ city, locale }) => mayBeScaffold(city, company, locale)).map(({ city, locale }) => [city.file, { city: city.name, locale }]));
  return {
    files: files
      .filter((f) => role(f) || namingAddresses.has(f.path) || scaffolds.has(f.file))
      .map((f) => ({ file: f.file, text: readFileSync(f.path, 'utf8'), ...(role(f) ? { role: role(f)! } : {}), ...scaffolds.get(f.file) })),
    siteUrl,
    // In relay mode the page posts to the Worker's /api/quote: the webhook is the Worker's secret.
    webhook: { ...webhook, problem: webhook.delivery === 'relay' ? undefined : productionWebhookProblem(webhook.url) },
    company,
    deployConfig,
  };
}
