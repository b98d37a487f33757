/**
 * The live preview's script, added to pages by `npm run dev` only. It hears of each rebuild and
 * patches the open page in place (scroll, focus and script state survive; islands whose props did
 * not change are left alone, the others replaced and woken again), swaps the stylesheet, reloads
 * on new island code, or shows the content and code errors over the last good page until fixed.
 */
import morphdom from 'morphdom';
import { ENTRY_SCRIPT_SELECTOR, STYLESHEET_URL_PREFIX } from '../shared/asset-names.ts';
import { type Diagnostic, diagnosticPlace, diagnosticText, problemCount } from '../shared/diagnostic.ts';
import { type DevEvent, EVENTS_PATH } from './dev-events.ts';

const entryScript = (doc: Document) => doc.querySelector(ENTRY_SCRIPT_SELECTOR)?.textContent;
const here = () => location.pathname.replace(/\/+$/, '') || '/';
const props = (island: Element) => document.querySelector(`script[data-island-props="${island.getAttribute('data-prefix')}"]`)?.textContent;

function swapStylesheet(href: string): void {
  // The page arrives with the sheet in its <style>; after a first swap, it is a <link>.
  const old = document.querySelector(`style[data-site-style], link[rel="stylesheet"][href^="${STYLESHEET_URL_PREFIX}"]`);
  if (!old) return;
  // The new sheet loads beside the old one, which goes only once it applies: no unstyled flash.
  const next = document.createElement('link');
  next.rel = 'stylesheet';
  next.href = href;
  next.addEventListener('load', () => old.remove(), { once: true });
  old.after(next);
}

async function patch(): Promise<void> {
  const response = await fetch(location.href, { cache: 'no-store' });
  if (response.status !== 200) {
    location.reload();
    return;
  }
  const next = new DOMParser().parseFromString(await response.text(), 'text/html');
  // New island code: the running one cannot be swapped, the page starts again with it.
  if (entryScript(next) !== entryScript(document)) {
    location.reload();
    return;
  }
  const propsBefore = new Map([...document.querySelectorAll('[data-island]')].map((el) => [el.getAttribute('data-prefix'), props(el)]));
  document.title = next.title;
  // React owns a hydrated island's DOM: the patch leaves every island alone…
  morphdom(document.body, next.body, {
    onBeforeElUpdated: (from) => !from.hasAttribute('data-island'),
    // What scripts added to the page (the overlay, the toasts' root) stays.
    onBeforeNodeDiscarded: (node) => !(node instanceof HTMLElement && node.parentElement === document.body && !next.body.querySelector(`:scope > ${node.tagName.toLowerCase()}`)),
  });
  // …then puts the server's new one in place of each island whose props changed; the page's
  // script wakes it as it woke the first. The others keep their state (an open answer, a typed form).
  for (const fresh of next.querySelectorAll('[data-island]')) {
    const prefix = fresh.getAttribute('data-prefix');
    const current = document.querySelector(`[data-island][data-prefix="${prefix}"]`);
    if (!current) continue;
    if (!propsBefore.has(prefix)) {
      // New with this version of the page: morphdom added it as the server sent it.
      current.dispatchEvent(new Event('island:replaced', { bubbles: true }));
      continue;
    }
    if (propsBefore.get(prefix) === props(current)) continue;
    const replacement = document.importNode(fresh, true);
    current.replaceWith(replacement);
    replacement.dispatchEvent(new Event('island:replaced', { bubbles: true }));
  }
}

/** The same lines as the terminal's, each place in code type, over the last good page. */
function overlay(diagnostics: Diagnostic[]): void {
  let box = document.getElementById('dev-overlay');
  if (!box) {
    box = document.createElement('div');
    box.id = 'dev-overlay';
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-labelledby', 'dev-overlay-title');
    box.tabIndex = -1;
    document.body.append(box);
  }
  const title = document.createElement('h2');
  title.id = 'dev-overlay-title';
  title.textContent = `Contenu invalide (${problemCount(diagnostics.length)}) : la page montre la dernière version valide`;
  const list = document.createElement('ul');
  for (const diagnostic of diagnostics) {
    const item = document.createElement('li');
    const place = document.createElement('code');
    place.textContent = diagnosticPlace(diagnostic);
    item.append(place, ` › ${diagnosticText(diagnostic)}`);
    list.append(item);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Fermer';
  close.addEventListener('click', () => box?.remove());
  box.replaceChildren(title, list, close);
  box.focus();
}

/** An event's data, as the server sent it. */
const data = <T extends DevEvent['type']>(message: Event) => JSON.parse((message as MessageEvent<string>).data) as Extract<DevEvent, { type: T }>;

const events = new EventSource(EVENTS_PATH);
// Tells whoever watches the page (the preview's tests) that saves will now show.
let restarting = false;
events.addEventListener('open', () => {
  document.documentElement.setAttribute('data-preview', 'connected');
  // Back on a preview started with new code: the page as that code makes it.
  if (restarting) void patch();
  restarting = false;
});
events.addEventListener('restart', () => (restarting = true));
events.addEventListener('update', (message) => {
  const event = data<'update'>(message);
  if (event.css) swapStylesheet(event.css);
  if (!event.cssOnly && event.paths.includes(here())) void patch();
});
events.addEventListener('errors', (message) => overlay(data<'errors'>(message).diagnostics));
events.addEventListener('ok', () => document.getElementById('dev-overlay')?.remove());
