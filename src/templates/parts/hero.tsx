import type { ReactNode } from 'react';

export function Hero({ eyebrow, title, subtitle, children }: { eyebrow?: string; title: string; subtitle: string; children?: ReactNode }) {
  return (
    <section className="hero">
      <div className="container hero-inner">
        {eyebrow && <p className="hero-eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        <p className="hero-subtitle">{subtitle}</p>
        {children && <div className="actions">{children}</div>}
      </div>
    </section>
  );
}
