import type { ReactNode } from 'react';

interface HeroProps {
  eyebrow?: string;
  title: string;
  subtitle: string;
  /** A line in another language, announced in that language by screen readers. */
  note?: { lang: string; text: string } | undefined;
  children?: ReactNode;
}

export function Hero({ eyebrow, title, subtitle, note, children }: HeroProps) {
  return (
    <section className="hero">
      <div className="container hero-inner">
        {eyebrow && <p className="hero-eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        <p className="hero-subtitle">{subtitle}</p>
        {note && (
          <p className="hero-note" lang={note.lang}>
            {note.text}
          </p>
        )}
        {children && <div className="actions">{children}</div>}
      </div>
    </section>
  );
}
