import { hydrateRoot } from 'react-dom/client';
import { Faq, type FaqProps } from './faq.tsx';

export function hydrate(container: Element, props: FaqProps, identifierPrefix: string) {
  hydrateRoot(container, <Faq {...props} />, { identifierPrefix });
}
