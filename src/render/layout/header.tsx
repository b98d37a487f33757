import { MobileMenu } from '../../islands/mobile-menu/mobile-menu.tsx';
import { Island } from '../island.tsx';
import { mainNav } from '../../site/navigation.ts';
import { paths } from '../../site/paths.ts';
import { EmailLink, PhoneLink } from '../parts/contact-links.tsx';
import { Icon } from '../parts/icon.tsx';
import { useSite } from '../parts/site-context.tsx';

export function Logo() {
  const { site } = useSite();
  return (
    <a className="logo" href={paths.home}>
      <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <path d="M16 2 7 15h4l-6 9h9v6h4v-6h9l-6-9h4z" />
      </svg>
      <span className="logo-text">{site.name}</span>
    </a>
  );
}

export function Header({ current }: { current: string }) {
  const { site } = useSite();
  return (
    <>
      <aside className="top-bar" aria-label="Heures et coordonnées">
        <div className="container top-bar-inner">
          <p className="top-bar-open">
            <Icon name="horloge" /> Ouvert 24 h/24, 7 j/7 <span className="top-bar-extra">· Estimation gratuite · Intervention rapide</span>
          </p>
          <p className="top-bar-contact">
            <PhoneLink className="top-bar-link">
              <Icon name="telephone" /> {site.phone}
            </PhoneLink>
            <EmailLink className="top-bar-link top-bar-email" />
          </p>
        </div>
      </aside>
      <header className="site-header">
        <div className="container header-inner">
          <Logo />
          <nav className="main-nav" aria-label="Navigation principale">
            <ul>
              {mainNav.map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-current={current === link.href ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <a className="btn btn-primary header-cta" href={paths.contact}>
            <span className="cta-long">Demander un devis gratuit</span>
            <span className="cta-short">Devis gratuit</span>
          </a>
          <Island
            name="mobile-menu"
            id="header"
            className="mobile-menu-island"
            component={MobileMenu}
            props={{ links: [...mainNav], cta: { label: 'Demander un devis gratuit', href: paths.contact }, current }}
          />
        </div>
      </header>
    </>
  );
}
