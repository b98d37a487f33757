import { Island } from '../../islands/island.tsx';
import { QuoteForm } from '../../islands/quote-form/quote-form.tsx';
import { PhoneLink } from './contact-links.tsx';
import { useSite } from './site-context.tsx';

/** The quote form island, with the phone as the way through when JavaScript is off. */
export function QuoteFormBlock() {
  const { site, services, featuredCities, quoteWebhook } = useSite();
  const props = {
    webhook: quoteWebhook,
    phone: site.phone,
    tel: site.tel,
    cities: [...featuredCities.map((c) => ({ value: c.formValue ?? c.slug, label: c.name })), { value: 'autre', label: 'Autre ville' }],
    services: [...services.map((s) => ({ value: s.formValue, label: s.name })), { value: 'autre', label: 'Autre / je ne sais pas' }],
  };
  return (
    <div className="quote-card" id="devis">
      <noscript>
        <p className="noscript-note">
          Le formulaire a besoin de JavaScript. Appelez-nous directement au <PhoneLink /> : nous prenons votre demande au téléphone.
        </p>
      </noscript>
      <Island name="quote-form" id="devis" component={QuoteForm} props={props} />
    </div>
  );
}
