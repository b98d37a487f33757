import { createRoot, hydrateRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { QuoteForm, type QuoteFormProps } from './quote-form.tsx';

/**
 * Hydrates the form and mounts the one Toaster of the page from this same chunk, so both share
 * sonner's module-level toast store.
 */
export function hydrate(container: Element, props: QuoteFormProps, identifierPrefix: string) {
  hydrateRoot(container, <QuoteForm {...props} />, { identifierPrefix });
  const toasts = document.createElement('div');
  document.body.append(toasts);
  createRoot(toasts).render(
    <Toaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{ closeButtonAriaLabel: 'Fermer la notification' }}
    />,
  );
}
