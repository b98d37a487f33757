import { moveFaqFocus } from '../islands/faq/keys.ts';
import { closeMenuOnEscape, closeMenuOnLink, closeMenuOnOutsideTap } from '../islands/mobile-menu/close-menu.ts';
import type { IslandName } from '../islands/names.ts';

/**
 * The one script of every page. It loads an island's code only when the island is needed: the
 * form as it nears the viewport or is touched, the menu and the FAQ when a pointer or the focus
 * first reaches them. Their native <details> works until then, so a visitor who never opens them
 * never pays for React (~60 KiB and, on a slow phone, a 100 ms+ evaluation task). Pages without a
 * form never download zod or sonner.
 *
 * Islands hydrate the very elements the server sent, so a tap while React loads lands natively.
 * The few gestures the browser does not handle itself (the FAQ's arrow keys; the menu's Escape,
 * close-on-link and tap outside) are done here until the island marks itself `data-hydrated`, with
 * the island's own functions: nothing pressed or tapped during the wait is lost.
 */
type Hydrate = (container: Element, props: never, prefix: string) => void;

const loaders: Record<IslandName, () => Promise<{ hydrate: Hydrate }>> = {
  'quote-form': () => import('../islands/quote-form/client.tsx'),
  'mobile-menu': () => import('../islands/mobile-menu/client.tsx'),
  faq: () => import('../islands/faq/client.tsx'),
};

type Early = { keydown?: (e: KeyboardEvent, island: Element) => void; click?: (e: MouseEvent, island: Element) => void; pointerdown?: (e: PointerEvent, island: Element) => void };
const EARLY: Partial<Record<IslandName, Early>> = {
  faq: { keydown: moveFaqFocus },
  'mobile-menu': { keydown: closeMenuOnEscape, click: closeMenuOnLink, pointerdown: closeMenuOnOutsideTap },
};

const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

function start(container: HTMLElement) {
  const name = container.dataset.island as IslandName;
  const prefix = container.dataset.prefix ?? '';
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    INTERACTIONS.forEach((type) => container.removeEventListener(type, run, true));
    const script = document.querySelector(`script[data-island-props="${prefix}"]`);
    const props = JSON.parse(script?.textContent ?? '{}') as never;
    loaders[name]().then(({ hydrate }) => hydrate(container, props, prefix));
  };
  INTERACTIONS.forEach((type) => container.addEventListener(type, run, { capture: true, once: true }));
  const awake = () => !!container.firstElementChild?.hasAttribute('data-hydrated');
  for (const [type, handle] of Object.entries(EARLY[name] ?? {})) {
    document.addEventListener(type, (e) => awake() || (handle as (e: Event, island: Element) => void)(e, container));
  }
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

// The footer was printed at build time; a site built last December must not show last year.
const year = String(new Date().getFullYear());
document.querySelectorAll('[data-current-year]').forEach((el) => {
  if (el.textContent !== year) el.textContent = year;
});

if (document.querySelector('[data-not-found]')) {
  console.info('404 : aucune page à cette adresse :', window.location.pathname);
}
