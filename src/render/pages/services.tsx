import { paths } from '../../site/paths.ts';
import { breadcrumbList } from '../json-ld.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { CallButton, QuoteButton } from '../parts/contact-links.tsx';
import { Hero } from '../parts/hero.tsx';
import { Icon } from '../parts/icon.tsx';
import type { SiteData } from '../parts/site-context.tsx';
import type { PageOutput } from './page.ts';

export function servicesPage(data: SiteData): PageOutput {
  const page = data.pages.services;
  const crumbs = [
    { name: 'Accueil', path: paths.home },
    { name: 'Services', path: paths.services },
  ];
  return {
    head: { ...page.seo, jsonLd: [breadcrumbList(data.site, crumbs)] },
    section: paths.services,
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero title={page.hero.title} subtitle={page.hero.subtitle} />
        <section className="section" aria-label="Nos quatre services">
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
                    <a className="text-link" href={paths.service(s)}>
                      En savoir plus sur {withArticle(s.name)}
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

/**
 * The service's name as the object of « En savoir plus sur … »: « l’abattage d’arbres », « l’élagage »,
 * « le dessouchage », « le service d’urgence ». Our service names are masculine nouns (-age).
 */
function withArticle(name: string): string {
  const lower = name.toLocaleLowerCase('fr-CA');
  if (lower.startsWith('urgence')) return 'le service d’urgence';
  return /^[aeiouyàâéèêëîïôû]/.test(lower) ? `l’${lower}` : `le ${lower}`;
}
