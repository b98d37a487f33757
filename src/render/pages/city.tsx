import type { City } from '../../content/types.ts';
import { fillCity } from '../../content/tokens.ts';
import { breadcrumbList, cityBusiness, faqPage } from '../json-ld.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { CardGrid, CheckList, Steps } from '../parts/cards.tsx';
import { CallButton, QuoteButton } from '../parts/contact-links.tsx';
import { CtaBand } from '../parts/cta-band.tsx';
import { FaqSection } from '../parts/faq-section.tsx';
import { Hero } from '../parts/hero.tsx';
import { FallenTreeLine, WireNotice } from '../parts/emergency-lines.tsx';
import { heroPhoto } from '../parts/photo.tsx';
import { Prose, Section } from '../parts/section.tsx';
import { pathsOf, stringsOf } from '../parts/site-context.tsx';
import type { PageData } from '../site-data.ts';
import { LOCALES, type Locale } from '../../shared/locales.ts';
import { UI_STRINGS } from '../../shared/ui/strings.ts';
import type { PageOutput } from './page.ts';

/** The default title is felling in the city, in upper case. */
export function cityHeroTitle(city: Pick<City, 'name' | 'heroTitle'>, locale: Locale = 'fr'): string {
  return city.heroTitle ?? UI_STRINGS[locale].city.heroTitle(city.name).toLocaleUpperCase(LOCALES[locale].lang);
}

export function cityPage(data: PageData, city: City): PageOutput {
  const t = { ...data.pages.city, ...city.overrides };
  const c = (text: string) => fillCity(text, city.name, data.locale === 'fr');
  const servicesBySlug = new Map(data.services.map((s) => [s.slug, s]));
  const [ui, p] = [stringsOf(data), pathsOf(data)];
  const crumbs = [
    { name: ui.breadcrumb.home, path: p.home },
    { name: ui.nav.zones, path: p.zones },
    { name: city.name, path: p.city(city) },
  ];
  return {
    head: {
      ...city.seo,
      jsonLd: [cityBusiness(data.site, data.services, city, data.locale), faqPage(city.faq, data.locale), breadcrumbList(data.site, crumbs)],
    },
    section: p.zones,
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero title={cityHeroTitle(city, data.locale)} subtitle={city.heroSubtitle} note={city.heroNote} photo={heroPhoto(city)} alert={<FallenTreeLine />}>
          <QuoteButton href={p.quoteFrom(city)} />
          <CallButton variant="secondary" />
        </Hero>
        <section className="section" aria-label={ui.city.intro(city.name)}>
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
                <a className="text-link" href={p.service(servicesBySlug.get(s.service)!)}>
                  {ui.cta.learnMore}
                  <span className="visually-hidden">{ui.city.learnMoreHidden(s.title)}</span> <span aria-hidden="true">→</span>
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
          <WireNotice province={city.province} />
        </Section>
        <CtaBand title={c(t.cta.title)} text={c(t.cta.text)} quoteHref={p.quoteFrom(city)} />
      </>
    ),
  };
}
