import type { ReactNode } from 'react';
import { Head, type HeadProps } from './head.tsx';
import { PhoneLink } from '../parts/contact-links.tsx';
import { Icon } from '../parts/icon.tsx';
import { useLocale } from '../parts/site-context.tsx';
import { LOCALES } from '../../shared/locales.ts';

/** The page's frame; `header` and `footer` are the rendered `<Header>` and `<Footer>` (or stand-ins for them). */
export function Document({ head, header, footer, children }: { head: HeadProps; header: ReactNode; footer: ReactNode; children: ReactNode }) {
  const { data, t } = useLocale();
  return (
    <html lang={LOCALES[data.locale].lang}>
      <Head {...head} />
      <body>
        <a className="skip-link" href="#contenu">
          {t.skipLink}
        </a>
        {header}
        <main id="contenu" tabIndex={-1}>
          {children}
        </main>
        {footer}
        <aside className="sticky-call-bar" aria-label={t.quickCall}>
          <PhoneLink className="sticky-call">
            <Icon name="telephone" /> {t.callNow}
          </PhoneLink>
        </aside>
      </body>
    </html>
  );
}
