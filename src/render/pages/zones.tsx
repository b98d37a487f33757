import { breadcrumbList } from '../json-ld.ts';
import { paths } from '../../site/paths.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { CheckList } from '../parts/cards.tsx';
import { CtaBand } from '../parts/cta-band.tsx';
import { Hero } from '../parts/hero.tsx';
import { Section } from '../parts/section.tsx';
import type { SiteData } from '../parts/site-context.tsx';
import type { PageOutput } from './page.ts';

export function zonesPage(data: SiteData): PageOutput {
  const page = data.pages.zones;
  const crumbs = [
    { name: 'Accueil', path: paths.home },
    { name: 'Zones desservies', path: paths.zones },
  ];
  return {
    head: { ...page.seo, jsonLd: [breadcrumbList(data.site, crumbs)] },
    section: paths.zones,
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero title={page.hero.title} subtitle={page.hero.subtitle} />
        <Section id="villes" title={page.citiesTitle}>
          <ul className="card-grid cols-3">
            {data.cities.map((c) => (
              <li key={c.slug} className="card">
                <h3>{c.name}</h3>
                <p>{c.summary}</p>
                <a className="text-link" href={paths.city(c)}>
                  En savoir plus<span className="visually-hidden"> sur nos services à {c.name}</span> <span aria-hidden="true">→</span>
                </a>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="engagements" title={page.commitments.title} tone="soft">
          <CheckList items={page.commitments.items} />
        </Section>
        <CtaBand title={page.cta.title} text={page.cta.text} />
      </>
    ),
  };
}
