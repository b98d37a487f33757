import { hydrateRoot } from 'react-dom/client';
import { MobileMenu, type MobileMenuProps } from './mobile-menu.tsx';

export function hydrate(container: Element, props: MobileMenuProps, identifierPrefix: string) {
  hydrateRoot(container, <MobileMenu {...props} />, { identifierPrefix });
}
