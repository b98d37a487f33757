import { breadcrumbList } from '../json-ld.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { CallButton, QuoteButton } from '../parts/contact-links.tsx';
import { Hero } from '../parts/hero.tsx';
import { Icon } from '../parts/icon.tsx';
import { pathsOf, stringsOf } from '../parts/site-context.tsx';
import type { PageData } from '../site-data.ts';
import type { PageOutput } from './page.ts';

export function servicesPage(data: PageData): PageOutput {
  const page = data.pages.services;
  const [t, p] = [stringsOf(data), pathsOf(data)];
  const crumbs = [
    { name: t.breadcrumb.home, path: p.home },
    { name: t.nav.services, path: p.services },
  ];
  return {
    head: { ...page.seo, jsonLd: [breadcrumbList(data.site, crumbs)] },
    section: p.services,
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero title={page.hero.title} subtitle={page.hero.subtitle} />
        <section className="section" aria-label={t.services.list}>
          <div className="container">
            <p className="section-intro">{page.intro}</p>
            <ul className="service-list">
              {data.services.map((s) => (
                <li key={s.slug} className="service-item">
                  <Icon name={s.icon} className="icon card-icon" />
                  <div>
                    <h2>{s.name}</h2>
                    <p>{s.card.summary}</p>
                    <ul className="check-list">
                      {s.card.benefits.map((b) => (
                        <li key={b}>{b}</li>
                      ))}
                    </ul>
                    <a className="text-link" href={p.service(s)}>
                      {t.services.learnMoreAbout(s.name)}
                      <span aria-hidden="true"> →</span>
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section className="cta-band" aria-labelledby="appel-titre">
          <div className="container">
            <h2 id="appel-titre" className="cta-title">
              {page.call.title}
            </h2>
            <p>{page.call.text}</p>
            <div className="actions">
              <CallButton variant="light" />
              <QuoteButton variant="secondary" />
            </div>
          </div>
        </section>
      </>
    ),
  };
}
