import { MobileMenu } from '../../islands/mobile-menu/mobile-menu.tsx';
import { Island } from '../island.tsx';
import { mainNav } from '../../site/navigation.ts';
import { EmailLink, PhoneLink } from '../parts/contact-links.tsx';
import { Icon } from '../parts/icon.tsx';
import { useLocale } from '../parts/site-context.tsx';

export function Logo() {
  const { data, p } = useLocale();
  return (
    <a className="logo" href={p.home}>
      <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <path d="M16 2 7 15h4l-6 9h9v6h4v-6h9l-6-9h4z" />
      </svg>
      <span className="logo-text">{data.site.name}</span>
    </a>
  );
}

/**
 * The same on every page of a section, so rendered once per section: `languageLink` is a stand-in
 * that each page replaces with its own link to the other language.
 */
export function Header({ current, languageLink }: { current: string; languageLink: string }) {
  const { data, t, p } = useLocale();
  const { site } = data;
  const nav = mainNav(data.locale);
  return (
    <>
      <aside className="top-bar" aria-label={t.topBar.label}>
        <div className="container top-bar-inner">
          <p className="top-bar-open">
            <Icon name="horloge" /> {t.topBar.open} {t.topBar.openFor} <span className="top-bar-extra">{t.topBar.extra}</span>
          </p>
          <p className="top-bar-contact">
            <PhoneLink className="top-bar-link">
              <Icon name="telephone" /> {site.phone}
            </PhoneLink>
            <EmailLink className="top-bar-link top-bar-email" />
            {languageLink}
          </p>
        </div>
      </aside>
      <header className="site-header">
        <div className="container header-inner">
          <Logo />
          <nav className="main-nav" aria-label={t.nav.label}>
            <ul>
              {nav.map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-current={current === link.href ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <a className="btn btn-primary header-cta" href={p.contact}>
            <span className="cta-long">{t.cta.quote}</span>
            <span className="cta-short">{t.cta.quoteShort}</span>
          </a>
          <Island
            name="mobile-menu"
            id="header"
            className="mobile-menu-island"
            component={MobileMenu}
            props={{ links: nav, cta: { label: t.cta.quote, href: p.contact }, current, label: t.nav.menu, navLabel: t.nav.mobileLabel }}
          />
        </div>
      </header>
    </>
  );
}
