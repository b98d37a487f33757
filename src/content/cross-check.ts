import { closest } from '../shared/closest.ts';
import { citySlug } from './city-slug.ts';
import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import type { CitySummary, Service } from './types.ts';

/**
 * Rules that span files: unique slugs, orders and form values, and references that resolve.
 * `servicesValid` is false when a service file was rejected: the cities' links to it would then
 * be reported as dangling, burying the one real error under twelve.
 */
export function crossCheck(services: Service[], cities: CitySummary[], servicesValid: boolean): RuleDiagnostic[] {
  const issues: RuleDiagnostic[] = [];
  const firstOwner = new Map<string, string>();
  /**
   * `label` names the value and agrees with « déjà utilisé(e) », e.g. « valeur x » déjà utilisée.
   * `instead` is called only for a duplicate: the free order it proposes looks at every item, and
   * asked of each of 4,000 cities it made every build quadratic.
   */
  const unique = (key: string, file: string, field: string, label: string, instead = () => 'choisissez-en un autre') => {
    const owner = firstOwner.get(key);
    if (owner) issues.push({ file, field, message: `${label} par ${owner} : ${instead()}` });
    else firstOwner.set(key, file);
  };
  const freeOrder = (items: { order: number }[]) => () => `prenez un numéro libre, par exemple ${items.reduce((max, i) => Math.max(max, i.order), 0) + 1}`;
  for (const s of services) {
    unique(`service:${s.slug}`, s.file, 'slug', `slug « ${s.slug} » déjà utilisé`);
    s.aliases.forEach((a, i) => unique(`service:${a}`, s.file, `aliases[${i}]`, `slug « ${a} » déjà utilisé`));
    unique(`service-form:${s.formValue}`, s.file, 'formValue', `valeur de formulaire « ${s.formValue} » déjà utilisée`);
    unique(`service-order:${s.order}`, s.file, 'order', `ordre ${s.order} déjà utilisé`, freeOrder(services));
  }
  if (services.length > 0 && services.filter((s) => s.kind === 'emergency').length !== 1) {
    issues.push({ file: services[0]!.file, field: 'kind', message: 'exactement un service doit être de type « emergency » (la page /urgence)' });
  }
  const serviceSlugs = new Set(services.map((s) => s.slug));
  for (const c of cities) {
    unique(`city:${c.slug}`, c.file, 'slug', `slug « ${c.slug} » déjà utilisé`);
    unique(`city-form:${c.formValue ?? c.slug}`, c.file, 'formValue', `valeur de formulaire « ${c.formValue ?? c.slug} » déjà utilisée`);
    unique(`city-order:${c.order}`, c.file, 'order', `ordre ${c.order} déjà utilisé`, freeOrder(cities));
    if (citySlug(c.name) !== c.slug) {
      issues.push({ file: c.file, field: 'slug', message: `doit être « ${citySlug(c.name)} », tiré du nom « ${c.name} » (minuscules, sans apostrophe, espaces en tirets)` });
    }
    c.services.forEach((ref, i) => {
      if (servicesValid && services.length > 0 && !serviceSlugs.has(ref.service)) {
        const near = closest(ref.service, serviceSlugs)[0];
        const fix = near ? `vouliez-vous dire « ${near} » ?` : `choisissez parmi : ${[...serviceSlugs].join(', ')}`;
        issues.push({ file: c.file, field: `services[${i}].service`, message: `aucun service « ${ref.service} » : ${fix}` });
      }
    });
  }
  return issues;
}
