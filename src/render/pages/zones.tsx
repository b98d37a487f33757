import { breadcrumbList } from '../json-ld.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { CheckList } from '../parts/cards.tsx';
import { CtaBand } from '../parts/cta-band.tsx';
import { Hero } from '../parts/hero.tsx';
import { Section } from '../parts/section.tsx';
import { pathsOf, stringsOf } from '../parts/site-context.tsx';
import type { SiteData } from '../site-data.ts';
import type { PageOutput } from './page.ts';

export function zonesPage(data: SiteData): PageOutput {
  const page = data.pages.zones;
  const [t, p] = [stringsOf(data), pathsOf(data)];
  const crumbs = [
    { name: t.breadcrumb.home, path: p.home },
    { name: t.nav.zones, path: p.zones },
  ];
  return {
    head: { ...page.seo, jsonLd: [breadcrumbList(data.site, crumbs)] },
    section: p.zones,
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
                <a className="text-link" href={p.city(c)}>
                  {t.cta.learnMore}
                  <span className="visually-hidden">{t.zones.learnMoreHidden(c.name)}</span> <span aria-hidden="true">→</span>
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
