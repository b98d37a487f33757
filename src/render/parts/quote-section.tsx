import { Island } from '../island.tsx';
import { DRAFT_KEY } from '../../islands/quote-form/draft.ts';
import { QuoteForm } from '../../islands/quote-form/quote-form.tsx';
import { quoteOptions } from '../../shared/quote/quote-options.ts';
import { paths } from '../../site/paths.ts';
import { PhoneLink } from './contact-links.tsx';
import { useSite } from './site-context.tsx';

/**
 * The quote form island, with the phone as the way through when JavaScript is off, and when the
 * form's code could not be loaded (the page script shows that message and keeps the draft under
 * the island's own key).
 */
export function QuoteFormBlock() {
  const data = useSite();
  const props = {
    webhook: data.quoteWebhook,
    delivery: data.site.quoteDelivery,
    phone: data.site.phone,
    tel: data.site.tel,
    ...quoteOptions(data),
  };
  return (
    <div className="quote-card" id="devis">
      <noscript>
        <p className="noscript-note">
          Le formulaire a besoin de JavaScript. Appelez-nous directement au <PhoneLink /> : nous prenons votre demande au téléphone.
        </p>
      </noscript>
      <Island name="quote-form" id="devis" component={QuoteForm} props={props} />
      <p className="form-fallback" role="alert" data-form-fallback data-draft-key={DRAFT_KEY} hidden>
        Votre demande n’est pas partie : la connexion semble interrompue. Appelez-nous au <PhoneLink /> ; ce que vous avez écrit reste ici, et vous pourrez
        réessayer l’envoi dans un instant.
      </p>
      <p className="form-privacy">
        {data.pages.privacy.formNotice} <a href={paths.privacy}>Notre politique de confidentialité</a> dit qui les reçoit, combien de temps nous les
        gardons et comment exercer vos droits.
      </p>
    </div>
  );
}
