import { useEffect, useId, useRef, useState } from 'react';
import type { Contacts } from '../../shared/contact-links.ts';
import { LinkedText } from '../linked-text.tsx';

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqProps {
  items: FaqItem[];
  /** The phone number and e-mail in answers become links. */
  contacts: Contacts;
}

/** `item-0` … `item-4`: the fixed names of the FAQ items. */
export const itemValue = (index: number) => `item-${index}`;

/**
 * Single-open accordion. The server's native `<details>` are the component, before and after
 * hydration: the shared `name` keeps one answer open and the browser toggles and announces them.
 * The WAI-ARIA arrow keys are the entry script's (src/client/entry.ts), so they work before React arrives;
 * React mirrors the open item into `data-state`, reading it from the DOM at hydration since a tap
 * may have opened one already.
 */
export function Faq({ items, contacts }: FaqProps) {
  const baseId = useId();
  const [open, setOpen] = useState<number | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opened = rootRef.current?.querySelector<HTMLDetailsElement>(':scope > details[open]');
    setOpen(opened ? Number(opened.dataset.index) : null);
    setHydrated(true);
  }, []);

  return (
    <div className="faq" ref={rootRef} data-hydrated={hydrated ? '' : undefined}>
      {items.map((item, i) => (
        <details
          key={i}
          className="faq-item"
          name={`${baseId}faq`}
          data-index={i}
          data-value={itemValue(i)}
          data-state={open === i ? 'open' : 'closed'}
          onToggle={(e) => {
            const isOpen = e.currentTarget.open;
            setOpen((current) => (isOpen ? i : current === i ? null : current));
          }}
        >
          <summary className="faq-trigger">
            {item.question}
          </summary>
          <div className="faq-panel">
            <p>
              <LinkedText text={item.answer} contacts={contacts} />
            </p>
          </div>
        </details>
      ))}
    </div>
  );
}
