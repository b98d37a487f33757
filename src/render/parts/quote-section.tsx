import { Island } from '../island.tsx';
import { DRAFT_KEY } from '../../islands/quote-form/draft.ts';
import { QuoteForm } from '../../islands/quote-form/quote-form.tsx';
import { LOCALES } from '../../shared/locales.ts';
import { quoteOptions } from '../../shared/quote/quote-options.ts';
import { PhoneLink } from './contact-links.tsx';
import { useLocale } from './site-context.tsx';

/**
 * The quote form island, with the phone as the way through when JavaScript is off, and when the
 * form's code could not be loaded (the page script shows that message and keeps the draft under
 * the island's own key). The form's texts travel with its props, in the page's language only;
 * the values it sends are the same in every language.
 */
export function QuoteFormBlock() {
  const { data, t, p } = useLocale();
  const props = {
    webhook: data.quoteWebhook,
    delivery: data.quoteDelivery,
    phone: data.site.phone,
    tel: data.site.tel,
    // The featured cities, which every page’s key holds: the whole list is only for the kinds that say they list it (PageData).
    ...quoteOptions({ cities: data.featuredCities, services: data.services }, t.quote),
    strings: t.quote,
    cityParam: LOCALES[data.locale].cityParam,
  };
  return (
    <div className="quote-card" id="devis">
      <noscript>
        <p className="noscript-note">
          {t.quoteBlock.noscriptBefore}
          <PhoneLink />
          {t.quoteBlock.noscriptAfter}
        </p>
      </noscript>
      <Island name="quote-form" id="devis" component={QuoteForm} props={props} />
      <p className="form-fallback" role="alert" data-form-fallback data-draft-key={DRAFT_KEY} hidden>
        {t.quoteBlock.fallbackBefore}
        <PhoneLink />
        {t.quoteBlock.fallbackAfter}
      </p>
      <p className="form-privacy">
        {data.pages.privacy.formNotice} <a href={p.privacy}>{t.quoteBlock.privacyLink}</a>
        {t.quoteBlock.privacyAfter}
      </p>
    </div>
  );
}
