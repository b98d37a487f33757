import { mainNav } from '../../site/navigation.ts';
import { FactList } from '../parts/cards.tsx';
import { EmailLink, PhoneLink } from '../parts/contact-links.tsx';
import { Icon } from '../parts/icon.tsx';
import { useLocale } from '../parts/site-context.tsx';

export function Footer() {
  const { data, t, p } = useLocale();
  const { site, services, featuredCities, buildYear } = data;
  return (
    <footer className="site-footer">
      <div className="container">
        <FactList items={site.promises} className="promises" />
        <div className="footer-columns">
          <section aria-labelledby="footer-company">
            <h2 id="footer-company" className="footer-title">
              {site.name}
            </h2>
            <div className="footer-blurb" dangerouslySetInnerHTML={{ __html: site.blurbHtml }} />
            <address>
              {site.address.locality}, {site.address.region}
              <br />
              <PhoneLink />
              <br />
              <EmailLink />
            </address>
          </section>
          <nav aria-labelledby="footer-services">
            <h2 id="footer-services" className="footer-title">
              {t.footer.services}
            </h2>
            <ul>
              {services.map((s) => (
                <li key={s.slug}>
                  <a href={p.service(s)}>{s.name}</a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-zones">
            <h2 id="footer-zones" className="footer-title">
              {t.footer.zones}
            </h2>
            <ul>
              {featuredCities.map((c) => (
                <li key={c.slug}>
                  <a href={p.city(c)}>{c.name}</a>
                </li>
              ))}
              <li>
                <a className="footer-more" href={p.zones}>
                  {t.footer.allZones}
                </a>
              </li>
            </ul>
          </nav>
          <div>
            <nav aria-labelledby="footer-info">
              <h2 id="footer-info" className="footer-title">
                {t.footer.info}
              </h2>
              <ul>
                {mainNav(data.locale)
                  .filter((l) => l.href === p.about || l.href === p.contact)
                  .map((l) => (
                    <li key={l.href}>
                      <a href={l.href}>{l.label}</a>
                    </li>
                  ))}
                <li>
                  <a href={p.emergency}>{t.footer.emergency}</a>
                </li>
                <li>
                  <a href={p.privacy}>{t.footer.privacy}</a>
                </li>
              </ul>
            </nav>
            <div className="footer-emergency">
              <p className="footer-emergency-title">
                <Icon name="urgence" /> {site.footer.emergencyTitle}
              </p>
              <p>{site.footer.emergencyText}</p>
              <PhoneLink className="footer-emergency-phone" />
            </div>
          </div>
        </div>
        <p className="copyright">
          © <span data-current-year>{buildYear}</span> {site.name}. {t.footer.rights}
        </p>
      </div>
    </footer>
  );
}
