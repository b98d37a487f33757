import { QuoteFormBlock } from '../parts/quote-section.tsx';
import { homeBusiness } from '../json-ld.ts';
import { CityLinks } from '../parts/city-links.tsx';
import { CardGrid } from '../parts/cards.tsx';
import { CallButton, QuoteButton } from '../parts/contact-links.tsx';
import { Hero } from '../parts/hero.tsx';
import { FallenTreeLine, WireNotice } from '../parts/emergency-lines.tsx';
import { heroPhoto } from '../parts/photo.tsx';
import { Icon } from '../parts/icon.tsx';
import { Section } from '../parts/section.tsx';
import { pathsOf, stringsOf } from '../parts/site-context.tsx';
import type { SiteData } from '../site-data.ts';
import type { PageOutput } from './page.ts';

export function homePage(data: SiteData): PageOutput {
  const { home } = data.pages;
  const [t, p] = [stringsOf(data), pathsOf(data)];
  return {
    head: { ...home.seo, jsonLd: [homeBusiness(data.site, data.services, data.cities, data.locale)] },
    section: p.home,
    body: (
      <>
        <Hero eyebrow={home.hero.eyebrow} title={home.hero.title} subtitle={home.hero.subtitle} photo={heroPhoto(home)} alert={<FallenTreeLine />}>
          <QuoteButton label={home.hero.cta} />
          <CallButton variant="secondary" />
        </Hero>
        <section className="badges" aria-labelledby="engagements-titre">
          <h2 id="engagements-titre" className="visually-hidden">
            {t.home.promises}
          </h2>
          <CardGrid items={data.site.promises} />
        </section>
        <Section id="services" title={home.services.title} intro={home.services.intro}>
          <ul className="card-grid cols-4">
            {data.services.map((s) => (
              <li key={s.slug} className="card card-link">
                <Icon name={s.icon} className="icon card-icon" />
                <h3>
                  <a href={p.service(s)}>{s.name}</a>
                </h3>
                <p>{s.card.summary}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="pourquoi" title={home.reasons.title} intro={home.reasons.intro} tone="soft">
          <CardGrid items={home.reasons.items} columns={3} />
        </Section>
        <Section id="zones" title={home.zones.title} intro={home.zones.intro}>
          <CityLinks cities={data.featuredCities} layout="grid" />
          <p className="section-more">
            <a href={p.zones}>{home.zones.linkLabel} →</a>
          </p>
        </Section>
        <Section id="temoignages" title={home.testimonials.title} tone="soft">
          <ul className="card-grid cols-3">
            {home.testimonials.items.map((item) => (
              <li key={item.name} className="card testimonial">
                <figure>
                  <p className="stars" role="img" aria-label={t.home.stars(item.rating)}>
                    {'★'.repeat(item.rating)}
                  </p>
                  <blockquote>
                    <p>{item.text}</p>
                  </blockquote>
                  <figcaption>
                    {item.name}, {item.city}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="soumission" title={home.quote.title} intro={home.quote.intro}>
          <QuoteFormBlock />
        </Section>
        <section className="emergency-banner" aria-labelledby="urgence-titre">
          <div className="container">
            <h2 id="urgence-titre">{home.emergency.title}</h2>
            {/* What to do near a wire comes before any invitation to call us. */}
            <WireNotice className="banner-note" />
            <p>{home.emergency.text}</p>
            <CallButton variant="light" />
          </div>
        </section>
      </>
    ),
  };
}
