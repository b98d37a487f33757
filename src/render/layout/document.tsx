import type { ReactNode } from 'react';
import { Head, type HeadProps } from './head.tsx';
import { PhoneLink } from '../parts/contact-links.tsx';
import { Icon } from '../parts/icon.tsx';

/** The page's frame; `header` and `footer` are the rendered `<Header>` and `<Footer>` (or stand-ins for them). */
export function Document({ head, header, footer, children }: { head: HeadProps; header: ReactNode; footer: ReactNode; children: ReactNode }) {
  return (
    <html lang="fr-CA">
      <Head {...head} />
      <body>
        <a className="skip-link" href="#contenu">
          Aller au contenu principal
        </a>
        {header}
        <main id="contenu" tabIndex={-1}>
          {children}
        </main>
        {footer}
        <aside className="sticky-call-bar" aria-label="Appel rapide">
          <PhoneLink className="sticky-call">
            <Icon name="telephone" /> Appeler maintenant
          </PhoneLink>
        </aside>
      </body>
    </html>
  );
}
