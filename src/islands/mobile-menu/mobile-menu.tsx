import { useEffect, useId, useRef, useState } from 'react';

export interface MobileMenuProps {
  links: { label: string; href: string }[];
  cta: { label: string; href: string };
  /** Path of the current page, marked with aria-current. */
  current: string;
}

/**
 * The small-screen menu (spec §2, §4). Without JavaScript it is a native `<details>` disclosure;
 * once hydrated, a button with `aria-expanded` that closes on link choice, Escape or a click outside.
 */
export function MobileMenu({ links, cta, current }: MobileMenuProps) {
  const panelId = `${useId()}menu`;
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const focusAfterEnhance = useRef(false);

  useEffect(() => {
    if (rootRef.current?.querySelector('details[open]')) setOpen(true);
    focusAfterEnhance.current = document.activeElement?.tagName === 'SUMMARY' && !!rootRef.current?.contains(document.activeElement);
    setEnhanced(true);
  }, []);

  useEffect(() => {
    if (enhanced && focusAfterEnhance.current) toggleRef.current?.focus();
  }, [enhanced]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const list = (
    <ul className="mobile-menu-list">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={link.href === current ? 'page' : undefined} onClick={() => setOpen(false)}>
            {link.label}
          </a>
        </li>
      ))}
      <li>
        <a className="btn btn-primary" href={cta.href} onClick={() => setOpen(false)}>
          {cta.label}
        </a>
      </li>
    </ul>
  );

  const icon = (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );

  if (!enhanced) {
    return (
      <div className="mobile-menu" ref={rootRef}>
        <details>
          <summary className="menu-toggle">
            {icon}
            <span className="menu-label">Menu</span>
          </summary>
          <nav className="mobile-menu-panel" aria-label="Menu mobile">
            {list}
          </nav>
        </details>
      </div>
    );
  }

  return (
    <div className="mobile-menu" ref={rootRef} data-state={open ? 'open' : 'closed'}>
      <button
        ref={toggleRef}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen(!open)}
      >
        {icon}
        <span className="menu-label">Menu</span>
      </button>
      <nav id={panelId} className="mobile-menu-panel" aria-label="Menu mobile" hidden={!open}>
        {list}
      </nav>
    </div>
  );
}
