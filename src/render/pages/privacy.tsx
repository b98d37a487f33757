import { breadcrumbList } from '../json-ld.ts';
import { telOf } from '../../shared/contact-links.ts';
import { paths } from '../../site/paths.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { Hero } from '../parts/hero.tsx';
import { Prose } from '../parts/section.tsx';
import type { SiteData } from '../parts/site-context.tsx';
import type { PageOutput } from './page.ts';

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** `2026-11-24` as French writes it, without the runtime's locale data (Node's and browsers' differ). */
function frenchDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${day === 1 ? '1er' : day} ${MONTHS[month - 1]} ${year}`;
}

/**
 * The privacy policy (Québec's Law 25): the prose is the page's Markdown; every fact that depends
 * on the business (the person in charge, the service that receives requests and where, how long
 * requests are kept) comes from content/site.md, so the owner confirms fields, not paragraphs.
 */
export function privacyPage(data: SiteData): PageOutput {
  const page = data.pages.privacy;
  const { officer, retention, processor } = data.site.privacy;
  const crumbs = [
    { name: 'Accueil', path: paths.home },
    { name: 'Politique de confidentialité', path: paths.privacy },
  ];
  return {
    head: { ...page.seo, jsonLd: [breadcrumbList(data.site, crumbs)] },
    section: '',
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero title={page.hero.title} subtitle={page.hero.subtitle} />
        <section className="section" aria-label="Notre politique">
          <div className="container about-layout">
            <Prose html={page.bodyHtml} className="prose prose-sections" />
            <aside className="about-facts card" aria-labelledby="confidentialite-en-bref">
              <h2 id="confidentialite-en-bref">{page.factsTitle}</h2>
              <dl className="privacy-facts">
                <dt>Personne responsable</dt>
                <dd>
                  {officer.name}, {officer.title.charAt(0).toLowerCase() + officer.title.slice(1)}
                  <br />
                  <a href={`mailto:${officer.email}`}>{officer.email}</a>
                  <br />
                  <a href={`tel:${telOf(officer.phone)}`}>{officer.phone}</a>
                </dd>
                <dt>Service qui reçoit vos demandes</dt>
                <dd>
                  {processor.name}, {processor.region}
                </dd>
                <dt>Durée de conservation</dt>
                <dd>{retention}</dd>
                <dt>Témoins et statistiques</dt>
                <dd>Aucun</dd>
              </dl>
            </aside>
          </div>
        </section>
        <section className="section section-soft" aria-label="Mise à jour">
          <div className="container">
            <p>Dernière mise à jour : {frenchDate(page.updated)}</p>
          </div>
        </section>
      </>
    ),
  };
}
