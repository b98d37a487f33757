import { CallButton } from '../parts/contact-links.tsx';
import { pathsOf, stringsOf } from '../parts/site-context.tsx';
import type { PageData } from '../site-data.ts';
import type { PageOutput } from './page.ts';

export function notFoundPage(data: PageData): PageOutput {
  const page = data.pages['not-found'];
  const [t, p] = [stringsOf(data), pathsOf(data)];
  return {
    head: { ...page.seo, jsonLd: [] },
    section: '',
    body: (
      <section className="not-found" data-not-found>
        <div className="container">
          <p className="not-found-code" aria-hidden="true">
            404
          </p>
          <h1>
            <span className="visually-hidden">{t.notFound.error}</span>
            <span lang={page.titleLang}>{page.title}</span>
          </h1>
          <p>{page.text}</p>
          <div className="actions">
            <a className="btn btn-primary" href={p.home}>
              {page.linkLabel}
            </a>
            <CallButton variant="secondary" />
          </div>
        </div>
      </section>
    ),
  };
}
