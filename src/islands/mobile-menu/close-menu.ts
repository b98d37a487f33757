/**
 * Closing the menu is closing its `<details>`. Plain DOM functions that the entry script
 * (src/client/entry.ts) runs from the document for the page's whole life, so a key or a tap before,
 * during or after hydration is handled the same way; each does nothing when the menu is closed.
 */
const openDetails = (menu: Element) => {
  const details = menu.querySelector('details');
  return details?.open ? details : undefined;
};

/** Escape closes the menu and gives focus back to its toggle (WAI-ARIA disclosure). */
export function closeMenuOnEscape(event: KeyboardEvent, menu: Element): void {
  const details = openDetails(menu);
  if (event.key !== 'Escape' || event.defaultPrevented || !details) return;
  event.preventDefault();
  details.open = false;
  details.querySelector('summary')?.focus();
}

/** Choosing a link closes the menu (spec §2), so coming back to the page finds it closed. */
export function closeMenuOnLink(event: MouseEvent, menu: Element): void {
  const details = openDetails(menu);
  const link = (event.target as Element).closest?.('a');
  if (details && link && menu.contains(link)) details.open = false;
}

/** A tap anywhere else closes it, as menus do. */
export function closeMenuOnOutsideTap(event: PointerEvent, menu: Element): void {
  const details = openDetails(menu);
  if (details && !menu.contains(event.target as Node)) details.open = false;
}
