import type { ReactNode } from 'react';
import { Head, type HeadProps } from '../../seo/head.tsx';
import { PhoneLink } from '../parts/contact-links.tsx';
import { Icon } from '../parts/icon.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

export function Document({ head, current, children }: { head: HeadProps; current: string; children: ReactNode }) {
  return (
    <html lang="fr-CA">
      <Head {...head} />
      <body>
        <a className="skip-link" href="#contenu">
          Aller au contenu principal
        </a>
        <Header current={current} />
        <main id="contenu" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <aside className="sticky-call-bar" aria-label="Appel rapide">
          <PhoneLink className="sticky-call">
            <Icon name="telephone" /> Appeler maintenant
          </PhoneLink>
        </aside>
      </body>
    </html>
  );
}
