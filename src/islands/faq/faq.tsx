import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { Contacts } from '../../content/contact-links.ts';
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

/** `item-0` … `item-4`: how the spec (§4) addresses FAQ items. */
export const itemValue = (index: number) => `item-${index}`;

/**
 * Single-open accordion (WAI-ARIA accordion pattern). Server HTML and the first client render are
 * native `<details>` (answers readable and openable without JavaScript); after hydration it
 * becomes buttons with `aria-expanded`, keeping whichever answer the visitor had opened.
 */
export function Faq({ items, contacts }: FaqProps) {
  const baseId = useId();
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);

  const focusAfterEnhance = useRef<number | null>(null);

  useEffect(() => {
    const opened = rootRef.current?.querySelector<HTMLDetailsElement>('details[open]');
    if (opened) setOpen(Number(opened.dataset.index));
    const focused = document.activeElement?.closest<HTMLDetailsElement>('details[data-index]');
    if (focused && rootRef.current?.contains(focused)) focusAfterEnhance.current = Number(focused.dataset.index);
    setEnhanced(true);
  }, []);

  // Hydration may start from a keyboard user's focus on a <summary>: keep focus on that question.
  useEffect(() => {
    if (!enhanced || focusAfterEnhance.current === null) return;
    triggers.current[focusAfterEnhance.current]?.focus();
    focusAfterEnhance.current = null;
  }, [enhanced]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    triggers.current[target]?.focus();
  };

  if (!enhanced) {
    return (
      <div className="faq" ref={rootRef}>
        {items.map((item, i) => (
          <details key={i} className="faq-item" name={`${baseId}faq`} data-index={i} data-value={itemValue(i)}>
            <summary className="faq-trigger">{item.question}</summary>
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

  return (
    <div className="faq" ref={rootRef}>
      {items.map((item, i) => {
        const isOpen = open === i;
        const triggerId = `${baseId}trigger-${i}`;
        const panelId = `${baseId}panel-${i}`;
        return (
          <div key={i} className="faq-item" data-state={isOpen ? 'open' : 'closed'} data-value={itemValue(i)}>
            <h3 className="faq-heading">
              <button
                ref={(el) => {
                  triggers.current[i] = el;
                }}
                type="button"
                id={triggerId}
                className="faq-trigger"
                aria-expanded={isOpen}
                aria-controls={panelId}
                data-state={isOpen ? 'open' : 'closed'}
                onClick={() => setOpen(isOpen ? null : i)}
                onKeyDown={(e) => onKeyDown(e, i)}
              >
                {item.question}
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={triggerId} className="faq-panel" hidden={!isOpen}>
              <p>
                <LinkedText text={item.answer} contacts={contacts} />
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
