import type { Service } from '../../content/types.ts';
import { LinkedText } from '../../islands/linked-text.tsx';
import { breadcrumbList, faqPage, serviceThing } from '../json-ld.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { CardGrid, CheckList, Steps } from '../parts/cards.tsx';
import { CityLinks } from '../parts/city-links.tsx';
import { CallButton, QuoteButton } from '../parts/contact-links.tsx';
import { CtaBand } from '../parts/cta-band.tsx';
import { FaqSection } from '../parts/faq-section.tsx';
import { Hero } from '../parts/hero.tsx';
import { FallenTreeLine, WireNotice } from '../parts/emergency-lines.tsx';
import { heroPhoto } from '../parts/photo.tsx';
import { Prose, Section } from '../parts/section.tsx';
import { pathsOf, stringsOf } from '../parts/site-context.tsx';
import type { PageData } from '../site-data.ts';
import type { PageOutput } from './page.ts';

/** One template for the four services; the emergency one calls instead of quoting. */
export function servicePage(data: PageData, service: Service): PageOutput {
  const emergency = service.kind === 'emergency';
  const [t, p] = [stringsOf(data), pathsOf(data)];
  const crumbs = [
    { name: t.breadcrumb.home, path: p.home },
    { name: t.nav.services, path: p.services },
    { name: service.name, path: p.service(service) },
  ];
  return {
    head: {
      ...service.seo,
      jsonLd: [serviceThing(data.site, service, data.featuredCities, data.locale), faqPage(service.faq, data.locale), breadcrumbList(data.site, crumbs)],
    },
    section: p.services,
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero
          title={service.hero.title}
          subtitle={service.hero.subtitle}
          photo={heroPhoto(service)}
          // The emergency page is all about the call: its first screen gives the one instruction that comes before it.
          alert={emergency ? <WireNotice className="hero-alert" /> : <FallenTreeLine />}
        >
          {!emergency && <QuoteButton />}
          <CallButton variant={emergency ? 'primary' : 'secondary'} />
        </Hero>
        <Section id="definition" title={service.definitionTitle}>
          <Prose html={service.definitionHtml} />
        </Section>
        {service.situations && (
          <Section id="situations" title={service.situations.title} tone="soft">
            <CardGrid items={service.situations.items} />
          </Section>
        )}
        <Section id="processus" title={service.process.title} tone={emergency ? 'plain' : 'soft'}>
          <Steps steps={service.process.steps} />
        </Section>
        <Section id="avantages" title={service.benefits.title}>
          <CardGrid items={service.benefits.items} />
        </Section>
        <Section id="prix" title={service.pricing.title} intro={service.pricing.intro} tone="soft">
          <CheckList items={service.pricing.factors} />
          <p className="note">
            <LinkedText text={service.pricing.note} contacts={data.site} />
          </p>
        </Section>
        <Section id="villes" title={service.citiesTitle}>
          <CityLinks cities={data.featuredCities} />
          {!emergency && (
            <p className="section-more">
              <a href={p.zonesAliases[0] ?? p.zones}>{t.service.allZones}</a>
            </p>
          )}
        </Section>
        <FaqSection title={t.service.faq} items={service.faq} />
        <CtaBand title={service.cta.title} text={service.cta.text} quote={!emergency} />
      </>
    ),
  };
}
