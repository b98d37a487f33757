import type { City } from '../../content/types.ts';
import { fillCity } from '../../content/tokens.ts';
import { breadcrumbList, cityBusiness, faqPage } from '../json-ld.ts';
import { paths } from '../../site/paths.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { CardGrid, CheckList, Steps } from '../parts/cards.tsx';
import { CallButton, QuoteButton } from '../parts/contact-links.tsx';
import { CtaBand } from '../parts/cta-band.tsx';
import { FaqSection } from '../parts/faq-section.tsx';
import { Hero } from '../parts/hero.tsx';
import { heroPhoto } from '../parts/photo.tsx';
import { Prose, Section } from '../parts/section.tsx';
import type { SiteData } from '../parts/site-context.tsx';
import type { PageOutput } from './page.ts';

/** Spec §2: the default title is felling in the city, in upper case. */
export function cityHeroTitle(city: Pick<City, 'name' | 'heroTitle'>): string {
  return city.heroTitle ?? `Abattage d’arbres à ${city.name}`.toLocaleUpperCase('fr-CA');
}

export function cityPage(data: SiteData, city: City): PageOutput {
  const t = { ...data.pages.city, ...city.overrides };
  const c = (text: string) => fillCity(text, city.name);
  const servicesBySlug = new Map(data.services.map((s) => [s.slug, s]));
  const crumbs = [
    { name: 'Accueil', path: paths.home },
    { name: 'Zones desservies', path: paths.zones },
    { name: city.name, path: paths.city(city) },
  ];
  return {
    head: {
      ...city.seo,
      jsonLd: [cityBusiness(data.site, data.services, city), faqPage(city.faq), breadcrumbList(data.site, crumbs)],
    },
    section: paths.zones,
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero title={cityHeroTitle(city)} subtitle={city.heroSubtitle} note={city.heroNote} photo={heroPhoto(city)}>
          <QuoteButton href={paths.quoteFrom(city)} />
          <CallButton variant="secondary" />
        </Hero>
        <section className="section" aria-label={`Présentation : ${city.name}`}>
          <div className="container">
            <Prose html={city.introHtml} className="prose lead" />
          </div>
        </section>
        <Section id="services" title={c(t.servicesTitle)} tone="soft">
          <ul className="card-grid cols-4">
            {city.services.map((s) => (
              <li key={s.service} className="card">
                <h3>{s.title}</h3>
                <p>{s.text}</p>
                <a className="text-link" href={paths.service(servicesBySlug.get(s.service)!)}>
                  En savoir plus<span className="visually-hidden"> : {s.title}</span> <span aria-hidden="true">→</span>
                </a>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="pourquoi" title={c(t.reasonsTitle)}>
          <CardGrid items={city.reasons} />
        </Section>
        <Section id="expertise" title={city.expertise.title} tone="soft">
          <div className="two-columns">
            <p>{city.expertise.text}</p>
            <CheckList items={city.expertise.points} />
          </div>
        </Section>
        <Section id="processus" title={c(t.process.title)}>
          <Steps steps={t.process.steps.map((s) => ({ title: c(s.title), text: c(s.text) }))} />
        </Section>
        <FaqSection title={c(t.faqTitle)} items={city.faq} />
        <Section id="securite" title={c(t.safety.title)} intro={c(t.safety.text)}>
          <CheckList items={t.safety.points.map(c)} />
        </Section>
        <CtaBand title={c(t.cta.title)} text={c(t.cta.text)} quoteHref={paths.quoteFrom(city)} />
      </>
    ),
  };
}
