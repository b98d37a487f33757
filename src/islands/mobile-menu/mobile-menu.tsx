import { useEffect, useRef, useState } from 'react';

export interface MobileMenuProps {
  links: { label: string; href: string }[];
  cta: { label: string; href: string };
  /** Path of the current page, marked with aria-current. */
  current: string;
  /** The toggle's text and the menu's name, in the page's language. */
  label: string;
  navLabel: string;
}

/**
 * The small-screen menu: a native `<details>` disclosure, the same element before
 * and after hydration, so a tap made while scripts load still lands. Closing on link choice, Escape
 * or a tap outside is the entry script's (src/client/entry.ts), from the first moment; React mirrors
 * the open state into `data-state`, reading it from the DOM at hydration.
 */
export function MobileMenu({ links, cta, current, label, navLabel }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    setOpen(!!detailsRef.current?.open);
    setHydrated(true);
  }, []);

  const state = open ? 'open' : 'closed';
  return (
    <div className="mobile-menu" data-state={state} data-hydrated={hydrated ? '' : undefined}>
      <details ref={detailsRef} data-state={state} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="menu-toggle">
          <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          <span className="menu-label">{label}</span>
        </summary>
        <nav className="mobile-menu-panel" aria-label={navLabel}>
          <ul className="mobile-menu-list">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={link.href === current ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a className="btn btn-primary" href={cta.href}>
                {cta.label}
              </a>
            </li>
          </ul>
        </nav>
      </details>
    </div>
  );
}
