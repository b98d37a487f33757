import { CallButton, QuoteButton } from './contact-links.tsx';
import { LinkedText } from '../../islands/linked-text.tsx';
import { useSite } from './site-context.tsx';

/** Closing call to action; the emergency page offers the phone only. */
export function CtaBand({ title, text, quote = true, quoteHref }: { title: string; text: string; quote?: boolean; quoteHref?: string }) {
  const { site } = useSite();
  return (
    <section className="cta-band" aria-label={title}>
      <div className="container">
        <p className="cta-title">{title}</p>
        <p>
          <LinkedText text={text} contacts={site} />
        </p>
        <div className="actions">
          {quote && <QuoteButton variant="light" {...(quoteHref ? { href: quoteHref } : {})} />}
          <CallButton variant={quote ? 'secondary' : 'light'} />
        </div>
      </div>
    </section>
  );
}
