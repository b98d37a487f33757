import type { IslandName } from '../shared/island-names.ts';

/**
 * The one script of every page. It loads an island's code only when the island is needed: the
 * form as it nears the viewport or is touched, the menu and the FAQ when a pointer or the focus
 * first reaches them. Their native <details> works until then, so a visitor who never opens them
 * never pays for React (~60 KiB and, on a slow phone, a 100 ms+ evaluation task). Pages without a
 * form never download zod or sonner.
 *
 * Islands hydrate the very elements the server sent, so a tap while React loads lands natively.
 * The few gestures the browser does not handle itself (the FAQ's arrow keys; the menu's Escape,
 * close-on-link and tap outside) are handled here, from the first moment: nothing pressed or tapped
 * while an island wakes is lost, and no second copy of them waits in the islands' chunks.
 *
 * Each page holds this code inline (src/engine/bundle-client.ts), so its selectors name islands
 * unquoted: `data-island="…"` in a page's text stays the mark of an island that is there.
 */
type Hydrate = (container: Element, props: never, prefix: string) => void;

const loaders: Record<IslandName, () => Promise<{ hydrate: Hydrate }>> = {
  'quote-form': () => import('../islands/quote-form/client.tsx'),
  'mobile-menu': () => import('../islands/mobile-menu/client.tsx'),
  faq: () => import('../islands/faq/client.tsx'),
};

const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

/** How to wake each island's element: asked by a first gesture, or by a submit held below. */
const wakers = new WeakMap<HTMLElement, () => void>();

function start(container: HTMLElement) {
  const name = container.dataset.island as IslandName;
  const prefix = container.dataset.prefix ?? '';
  let waking = false;
  const run = () => {
    if (waking) return;
    waking = true;
    INTERACTIONS.forEach((type) => container.removeEventListener(type, run, true));
    const script = document.querySelector(`script[data-island-props="${prefix}"]`);
    const props = JSON.parse(script?.textContent ?? '{}') as never;
    // A phone that lost its connection for a moment gets a second try before the visitor is told.
    loaders[name]()
      .catch(() => loaders[name]())
      .then(
        ({ hydrate }) => hydrate(container, props, prefix),
        () => {
          waking = false;
          container.dispatchEvent(new CustomEvent('island:failed', { bubbles: true }));
        },
      );
  };
  wakers.set(container, run);
  INTERACTIONS.forEach((type) => container.addEventListener(type, run, { capture: true, once: true }));
  if (name === 'quote-form' && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        run();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(container);
  }
}

document.querySelectorAll<HTMLElement>('[data-island]').forEach(start);
// An island element put in place of another (the live preview does it when the island's props
// change) wakes as the first one did; React keeps no hold on the element it replaced.
document.addEventListener('island:replaced', (event) => {
  if (event.target instanceof HTMLElement && event.target.matches('[data-island]')) start(event.target);
});

/**
 * A quote submitted before its island woke (a slow phone, a tap right as the page shows) is held
 * here and sent once the island is ready, exactly once. The form says method="post", so no browser
 * would put what was typed in the address; this keeps it from posting at all, since a static host
 * has nothing to receive it. If the island's code cannot be loaded, the visitor is told to call,
 * and every value stays in its field and in the draft the island will restore.
 */
const heldForms = new WeakSet<HTMLFormElement>();

function holdEarlySubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  const container = form.closest<HTMLElement>('[data-island=quote-form]');
  if (!container || form.dataset.ready === 'true') return;
  event.preventDefault();
  if (heldForms.has(form)) return;
  heldForms.add(form);
  const ready = new MutationObserver(() => {
    const woken = container.querySelector<HTMLFormElement>('form[data-ready="true"]');
    if (!woken) return;
    stop();
    if (woken.requestSubmit) woken.requestSubmit();
    else woken.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  const failed = () => {
    stop();
    showFormFallback(form);
  };
  const stop = () => {
    ready.disconnect();
    container.removeEventListener('island:failed', failed);
    heldForms.delete(form);
  };
  ready.observe(container, { attributes: true, attributeFilter: ['data-ready'], subtree: true, childList: true });
  container.addEventListener('island:failed', failed);
  wakers.get(container)?.();
}

function showFormFallback(form: HTMLFormElement): void {
  const fallback = form.closest('.quote-card')?.querySelector<HTMLElement>('[data-form-fallback]');
  if (!fallback) return;
  fallback.hidden = false;
  try {
    localStorage.setItem(fallback.dataset.draftKey!, JSON.stringify(Object.fromEntries(new FormData(form))));
  } catch {
    // Private mode or a full quota: the values still stand in their fields.
  }
}

document.addEventListener('submit', holdEarlySubmit, true);

// What the browser's <details> lack, delegated from the document for the page's whole life: it
// works the instant the page is interactive, before, during and after hydration, in one copy. It
// lives in this file because a module imported here makes esbuild fetch a shared chunk on every page.

/** FAQ keys (WAI-ARIA accordion): ArrowDown/ArrowUp wrap around, Home and End jump to the ends. */
function moveFaqFocus(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const summary = (event.target as Element).closest?.<HTMLElement>('.faq > details > summary');
  const questions = [...(summary?.closest('.faq')?.querySelectorAll<HTMLElement>(':scope > details > summary') ?? [])];
  const index = questions.indexOf(summary!);
  const last = questions.length - 1;
  const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
  if (!summary || target === undefined) return;
  event.preventDefault();
  questions[target]!.focus();
}

/** The small-screen menu closes on Escape (focus back on its toggle), on a link choice and on a tap outside it. */
const menus = [...document.querySelectorAll('[data-island=mobile-menu] details')] as HTMLDetailsElement[];
function closeMenus(event: Event): void {
  for (const menu of menus) {
    if (!menu.open) continue;
    const target = event.target as Element;
    const escape = event.type === 'keydown' && (event as KeyboardEvent).key === 'Escape' && !event.defaultPrevented;
    const link = event.type === 'click' && !!target.closest?.('a') && menu.contains(target);
    const outside = event.type === 'pointerdown' && !menu.closest('[data-island]')!.contains(target);
    if (!escape && !link && !outside) continue;
    menu.open = false;
    if (escape) {
      event.preventDefault();
      menu.querySelector('summary')?.focus();
    }
  }
}

document.addEventListener('keydown', (e) => {
  moveFaqFocus(e);
  closeMenus(e);
});
document.addEventListener('click', closeMenus);
document.addEventListener('pointerdown', closeMenus);

// The footer was printed at build time; a site built last December must not show last year.
const year = String(new Date().getFullYear());
document.querySelectorAll('[data-current-year]').forEach((el) => {
  if (el.textContent !== year) el.textContent = year;
});

if (document.querySelector('[data-not-found]')) {
  console.info('404 : aucune page à cette adresse :', window.location.pathname);
}

// A lead sent in relay mode that never got its 2xx waits in this browser under its id: it goes
// once more now, on whatever page, and the id keeps it one lead (src/shared/quote/pending-leads.ts).
// The key is written here, not imported: a module this script imports statically would become a
// chunk shared with the form's, loaded before anything runs (tests/unit/pending-leads.test.ts
// holds the two equal). The code that re-sends loads only when a lead waits.
const PENDING_KEY = 'devis-en-attente-v1';
function resendPending(): void {
  try {
    if (localStorage.getItem(PENDING_KEY)) void import('../shared/quote/pending-leads.ts').then((m) => m.resendPending(localStorage, Date.now()));
  } catch {
    // Storage forbidden (some private modes): nothing can be waiting.
  }
}
// A page Chromium prerenders when a link is pressed (speculation rules) may never be shown: it
// sends nothing until it is.
if ((document as { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', resendPending, { once: true });
else resendPending();
