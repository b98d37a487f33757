import { CallButton, QuoteButton } from './contact-links.tsx';

/** Closing call to action; the emergency page offers the phone only (spec §2). */
export function CtaBand({ title, text, quote = true }: { title: string; text: string; quote?: boolean }) {
  return (
    <section className="cta-band" aria-label={title}>
      <div className="container">
        <p className="cta-title">{title}</p>
        <p>{text}</p>
        <div className="actions">
          {quote && <QuoteButton variant="light" />}
          <CallButton variant={quote ? 'secondary' : 'light'} />
        </div>
      </div>
    </section>
  );
}
