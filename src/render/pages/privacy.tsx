import { breadcrumbList } from '../json-ld.ts';
import { telOf } from '../../shared/contact-links.ts';
import { Breadcrumb } from '../parts/breadcrumb.tsx';
import { Hero } from '../parts/hero.tsx';
import { Prose } from '../parts/section.tsx';
import { pathsOf, stringsOf } from '../parts/site-context.tsx';
import type { PageData } from '../site-data.ts';
import type { PageOutput } from './page.ts';

/**
 * The privacy policy (Québec's Law 25): the prose is the page's Markdown; every fact that depends
 * on the business (the person in charge, the service that receives requests and where, how long
 * requests are kept) comes from content/site.md, so the owner confirms fields, not paragraphs.
 */
export function privacyPage(data: PageData): PageOutput {
  const page = data.pages.privacy;
  const { officer, retention, processor, relay } = data.site.privacy;
  const [t, p] = [stringsOf(data), pathsOf(data)];
  const crumbs = [
    { name: t.breadcrumb.home, path: p.home },
    { name: t.footer.privacy, path: p.privacy },
  ];
  return {
    head: { ...page.seo, jsonLd: [breadcrumbList(data.site, crumbs)] },
    section: '',
    body: (
      <>
        <Breadcrumb crumbs={crumbs} />
        <Hero title={page.hero.title} subtitle={page.hero.subtitle} />
        <section className="section" aria-label={t.privacy.section}>
          <div className="container about-layout">
            <Prose html={page.bodyHtml} className="prose prose-sections" />
            <aside className="about-facts card" aria-labelledby="confidentialite-en-bref">
              <h2 id="confidentialite-en-bref">{page.factsTitle}</h2>
              <dl className="privacy-facts">
                <dt>{t.privacy.officer}</dt>
                <dd>
                  {officer.name}, {officer.title.charAt(0).toLowerCase() + officer.title.slice(1)}
                  <br />
                  <a href={`mailto:${officer.email}`}>{officer.email}</a>
                  <br />
                  <a href={`tel:${telOf(officer.phone)}`}>{officer.phone}</a>
                </dd>
                <dt>{t.privacy.processor}</dt>
                <dd>
                  {processor.name}, {processor.region}
                </dd>
                {data.quoteDelivery === 'relay' && relay && (
                  <>
                    <dt>{t.privacy.relayCopy}</dt>
                    <dd>
                      {relay.host}, {relay.region} : {relay.days} {t.privacy.days}
                    </dd>
                  </>
                )}
                <dt>{t.privacy.retention}</dt>
                <dd>{retention}</dd>
                <dt>{t.privacy.tracking}</dt>
                <dd>{t.privacy.none}</dd>
              </dl>
            </aside>
          </div>
        </section>
        <section className="section section-soft" aria-label={t.privacy.updatedSection}>
          <div className="container">
            <p>
              {t.privacy.updated}
              {t.privacy.date(page.updated)}
            </p>
          </div>
        </section>
      </>
    ),
  };
}
