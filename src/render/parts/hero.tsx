import type { ReactNode } from 'react';

interface HeroProps {
  eyebrow?: string;
  title: string;
  subtitle: string;
  /** A line in another language, announced in that language by screen readers. */
  note?: { lang: string; text: string } | undefined;
  /** The hero photo (parts/photo.tsx), beside the text on a wide screen, under it on a phone. */
  photo?: ReactNode;
  children?: ReactNode;
  /** A line under the buttons for someone in an emergency (parts/emergency-lines.tsx). */
  alert?: ReactNode;
}

export function Hero({ eyebrow, title, subtitle, note, photo, children, alert }: HeroProps) {
  const text = (
    <>
      {eyebrow && <p className="hero-eyebrow">{eyebrow}</p>}
      <h1>{title}</h1>
      <p className="hero-subtitle">{subtitle}</p>
      {note && (
        <p className="hero-note" lang={note.lang}>
          {note.text}
        </p>
      )}
      {children && <div className="actions">{children}</div>}
      {alert}
    </>
  );
  return (
    <section className="hero">
      {photo ? (
        <div className="container hero-inner hero-with-photo">
          <div className="hero-text">{text}</div>
          {photo}
        </div>
      ) : (
        <div className="container hero-inner">{text}</div>
      )}
    </section>
  );
}
