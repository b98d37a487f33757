import type { ReactNode } from 'react';

export function Section({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  intro?: string | undefined;
  tone?: 'plain' | 'soft' | 'dark';
  children?: ReactNode;
}) {
  return (
    <section className={`section section-${tone}`} aria-labelledby={`${id}-titre`}>
      <div className="container">
        <header className="section-header">
          <h2 id={`${id}-titre`}>{title}</h2>
          {intro && <p className="section-intro">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

export function Prose({ html, className = 'prose' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
