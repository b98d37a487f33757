import { breadcrumbList } from '../json-ld.ts';
import { paths } from '../../site/paths.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { FactList } from '../parts/cards.tsx';
import { CallButton } from '../parts/contact-links.tsx';
import { CtaBand } from '../parts/cta-band.tsx';
import { Hero } from '../parts/hero.tsx';
import { Prose } from '../parts/section.tsx';
import type { SiteData } from '../parts/site-context.tsx';
import type { PageOutput } from './page.ts';

export function aboutPage(data: SiteData): PageOutput {
  const page = data.pages.about;
  const crumbs = [
    { name: 'Accueil', path: paths.home },
    { name: 'À propos', path: paths.about },
  ];
  return {
    head: { ...page.seo, jsonLd: [breadcrumbList(data.site, crumbs)] },
    section: paths.about,
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero title={page.hero.title} subtitle={page.hero.subtitle} />
        <section className="section" aria-label="Notre entreprise">
          <div className="container about-layout">
            <Prose html={page.bodyHtml} className="prose prose-sections" />
            <aside className="about-facts card" aria-labelledby="en-bref">
              <h2 id="en-bref">{page.facts.title}</h2>
              <FactList items={page.facts.items} iconClassName="icon card-icon" />
              <CallButton />
            </aside>
          </div>
        </section>
        <CtaBand title={page.cta.title} text={page.cta.text} />
      </>
    ),
  };
}
