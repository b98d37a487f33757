import { breadcrumbList } from '../json-ld.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { EmailLink, PhoneLink } from '../parts/contact-links.tsx';
import { WireNotice } from '../parts/emergency-lines.tsx';
import { Hero } from '../parts/hero.tsx';
import { Icon } from '../parts/icon.tsx';
import { QuoteFormBlock } from '../parts/quote-section.tsx';
import { pathsOf, stringsOf } from '../parts/site-context.tsx';
import type { PageData } from '../site-data.ts';
import type { PageOutput } from './page.ts';

export function contactPage(data: PageData): PageOutput {
  const page = data.pages.contact;
  const { site } = data;
  const [t, p] = [stringsOf(data), pathsOf(data)];
  const crumbs = [
    { name: t.breadcrumb.home, path: p.home },
    { name: t.nav.contact, path: p.contact },
  ];
  return {
    head: { ...page.seo, jsonLd: [breadcrumbList(site, crumbs)] },
    section: p.contact,
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero title={page.hero.title} subtitle={page.hero.subtitle} />
        <section className="section" aria-label={t.contact.section}>
          <div className="container contact-layout">
            <div className="contact-info">
              <h2>{t.contact.reach}</h2>
              <ul className="contact-list">
                <li>
                  <Icon name="telephone" />
                  <span>
                    <strong>{t.contact.phone}</strong> <PhoneLink />
                  </span>
                </li>
                <li>
                  <Icon name="devis" />
                  <span>
                    <strong>{t.contact.email}</strong> <EmailLink />
                  </span>
                </li>
                <li>
                  <Icon name="local" />
                  <span>
                    <strong>{page.zone.title}</strong> {page.zone.text}
                  </span>
                </li>
              </ul>
              <h2>{page.hoursTitle}</h2>
              <dl className="hours">
                {site.hours.map((h) => (
                  <div key={h.label}>
                    <dt>{h.label}</dt>
                    <dd>{h.value}</dd>
                  </div>
                ))}
              </dl>
              <div className="emergency-box">
                <h2>
                  <Icon name="urgence" /> {page.emergency.title}
                </h2>
                <WireNotice className="hero-alert" />
                <p>{page.emergency.text}</p>
                <PhoneLink className="btn btn-light">
                  <Icon name="telephone" /> {site.phone}
                </PhoneLink>
              </div>
            </div>
            <div>
              <h2>{page.form.title}</h2>
              <p>{page.form.intro}</p>
              <QuoteFormBlock />
            </div>
          </div>
        </section>
      </>
    ),
  };
}
