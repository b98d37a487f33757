/**
 * How a page starts its islands' code (issue 29). Not a `<script type="module" src>`, which the
 * parser fetches at once and runs before the first paint, but this inline script, allowed by its
 * hash in `script-src`: it asks for the entry its `data-entry` attribute names once the first
 * frame is painted. On a slow phone the first paint then waits for the HTML alone, not for the
 * entry's round trip and its evaluation; the islands wake as they did, a frame later. A page that
 * is prerendered or hidden paints no frame the visitor sees and runs no frame callback: it asks
 * at once. Once the entry has run, the loader says so on itself (`data-entry-started`): what
 * acts on a page's islands waits for that state, no longer given by the load event. The text is
 * the same on every page, so the policy's hash is too.
 */
export const ENTRY_ATTRIBUTE = 'data-entry';
export const ENTRY_STARTED = 'data-entry-started';

export const ENTRY_LOADER = `(s=>{const go=()=>import(s.getAttribute("${ENTRY_ATTRIBUTE}")).then(()=>s.setAttribute("${ENTRY_STARTED}",""));document.prerendering||document.hidden?go():requestAnimationFrame(()=>setTimeout(go))})(document.currentScript)`;
