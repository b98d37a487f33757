import { breadcrumbList } from '../json-ld.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { FactList } from '../parts/cards.tsx';
import { CallButton } from '../parts/contact-links.tsx';
import { CtaBand } from '../parts/cta-band.tsx';
import { Hero } from '../parts/hero.tsx';
import { Prose } from '../parts/section.tsx';
import { pathsOf, stringsOf } from '../parts/site-context.tsx';
import type { PageData } from '../site-data.ts';
import type { PageOutput } from './page.ts';

export function aboutPage(data: PageData): PageOutput {
  const page = data.pages.about;
  const [t, p] = [stringsOf(data), pathsOf(data)];
  const crumbs = [
    { name: t.breadcrumb.home, path: p.home },
    { name: t.nav.about, path: p.about },
  ];
  return {
    head: { ...page.seo, jsonLd: [breadcrumbList(data.site, crumbs)] },
    section: p.about,
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero title={page.hero.title} subtitle={page.hero.subtitle} />
        <section className="section" aria-label={t.about.section}>
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
