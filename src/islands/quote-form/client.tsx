import { createRoot, hydrateRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import sonnerStyles from 'sonner/dist/styles.css';
import { QuoteForm, type QuoteFormProps } from './quote-form.tsx';

/**
 * Hydrates the form and mounts the one Toaster of the page from this same chunk, so both share
 * sonner's module-level toast store. sonner's own <style> injection is stripped at bundle time (a
 * strict CSP blocks inline styles): its stylesheet is linked here, only on pages with the form,
 * well before a toast can show.
 */
export function hydrate(container: Element, props: QuoteFormProps, identifierPrefix: string) {
  const href = new URL(sonnerStyles, import.meta.url).pathname;
  if (!document.querySelector(`link[href="${href}"]`)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
  hydrateRoot(container, <QuoteForm {...props} />, { identifierPrefix });
  const toasts = document.createElement('div');
  document.body.append(toasts);
  createRoot(toasts).render(
    <Toaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={props.strings.toasts.region}
      toastOptions={{ closeButtonAriaLabel: props.strings.toasts.close }}
    />,
  );
}
