import type { IconName } from '../../content/schemas/shared.ts';
import { Icon } from './icon.tsx';
import { LinkedText } from '../../islands/linked-text.tsx';
import { useSite } from './site-context.tsx';

export interface CardItem {
  title: string;
  text: string;
  icon?: IconName;
}

export function CardGrid({ items, columns = 4 }: { items: CardItem[]; columns?: 2 | 3 | 4 }) {
  const { site } = useSite();
  return (
    <ul className={`card-grid cols-${columns}`}>
      {items.map((item) => (
        <li key={item.title} className="card">
          {item.icon && <Icon name={item.icon} className="icon card-icon" />}
          <h3>{item.title}</h3>
          <p>
            <LinkedText text={item.text} contacts={site} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Short facts, each an icon, a bold title and a line of text: the footer's promises, the about box. */
export function FactList({ items, className, iconClassName }: { items: Required<CardItem>[]; className?: string; iconClassName?: string }) {
  return (
    <ul className={className}>
      {items.map((fact) => (
        <li key={fact.title}>
          <Icon name={fact.icon} className={iconClassName} />
          <span>
            <strong>{fact.title}</strong> {fact.text}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Steps({ steps }: { steps: { title: string; text: string }[] }) {
  const { site } = useSite();
  return (
    <ol className="steps">
      {steps.map((step) => (
        <li key={step.title} className="step">
          <h3>{step.title}</h3>
          <p>
            <LinkedText text={step.text} contacts={site} />
          </p>
        </li>
      ))}
    </ol>
  );
}

export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
