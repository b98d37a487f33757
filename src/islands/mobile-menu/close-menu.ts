/**
 * Closing the menu is closing its `<details>`: plain DOM code shared by the entry script (a key or
 * a tap before React arrives) and by the island once hydrated.
 */
export function closeMenuOnEscape(event: KeyboardEvent, menu: Element): void {
  const details = menu.querySelector('details');
  if (event.key !== 'Escape' || event.defaultPrevented || !details?.open) return;
  event.preventDefault();
  details.open = false;
  details.querySelector('summary')?.focus();
}

/** Choosing a link closes the menu (spec §2), so coming back to the page finds it closed. */
export function closeMenuOnLink(event: MouseEvent, menu: Element): void {
  const details = menu.querySelector('details');
  if ((event.target as Element).closest?.('a') && details) details.open = false;
}
