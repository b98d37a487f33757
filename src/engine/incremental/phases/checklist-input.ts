import { readFileSync } from 'node:fs';
import type { ContentFile } from '../../../content/content-files.ts';
import type { ChecklistInput } from '../../../content/launch-checklist.ts';
import { mayBeScaffold } from '../../../content/scaffold-leftovers.ts';
import type { RuleDiagnostic } from '../../../shared/diagnostic.ts';
import type { SiteContents } from '../../../site/site-content.ts';
import type { Webhook } from '../../pipeline/site-data.ts';
import { productionWebhookProblem } from '../../production-webhook.ts';

/**
 * What must be replaced before the site goes live (src/content/launch-checklist.ts), read from the
 * content files as the editor wrote them: site.md, home.md and the files that may name an address,
 * the others holding nothing the list looks for. A production build refuses to go on while the
 * list is not empty; `npm run build` prints it as a reminder.
 */

/** The checklist's items as the build reports them. */
export function launchItems(found: RuleDiagnostic[]): RuleDiagnostic[] {
  return found.map((d) => ({ ...d, kind: 'launch' as const }));
}

/** What the checklist reads: the few files that may hold what it looks for, and where the form posts. */
export function checklistInputOf(
  { files, namingAddresses }: { files: readonly ContentFile[]; namingAddresses: ReadonlySet<string> },
  webhook: Webhook,
  siteUrl: string | undefined,
  contents: SiteContents,
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
  };
}
