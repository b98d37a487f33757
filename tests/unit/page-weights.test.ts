import { describe, expect, it } from 'vitest';
import { pageDownloads, pageWeights } from '../../src/cli/page-weights.ts';

const ENTRY = 'var u={"quote-form":()=>import("./chunk-form.js"),"mobile-menu":()=>import("./chunk-menu.js"),faq:()=>import("./chunk-faq.js")};';
/** The entry as pages hold it, inline with absolute imports (src/engine/bundle-client.ts), or as a file. */
const INLINE_ENTRY = `<script type="module">${ENTRY.replaceAll('"./', '"/assets/')}</script>`;
const FILE_ENTRY = '<script type="module" src="/assets/entry-1.js"></script>';

const page = (islands: string[], entry: string) =>
  `<!doctype html><html><head><link rel="stylesheet" href="/assets/site-1.css"/><noscript><link rel="stylesheet" href="/noscript.css"/></noscript>` +
  `${entry}</head><body>${islands.map((i) => `<div data-island="${i}"></div>`).join('')}</body></html>`;

const files = new Map<string, string | Uint8Array>([
  ['index.html', page(['mobile-menu', 'quote-form'], INLINE_ENTRY)],
  ['a-propos.html', page(['mobile-menu'], FILE_ENTRY)],
  ['assets/site-1.css', 'body{color:red}'],
  ['noscript.css', '.quote-form{display:none}'],
  ['assets/entry-1.js', ENTRY],
  ['assets/chunk-form.js', 'import{a}from"./chunk-react.js";var s="./styles-9.css";'],
  ['assets/chunk-menu.js', 'import{a}from"./chunk-react.js";'],
  ['assets/chunk-faq.js', 'import{a}from"./chunk-react.js";'],
  ['assets/chunk-react.js', new Uint8Array(2048)],
  ['assets/styles-9.css', '[data-sonner-toast]{padding:16px}'],
]);

describe('what a page downloads', () => {
  it('follows the inline entry to the chunks of the islands on the page and their imports, and the stylesheets they link', () => {
    expect(pageDownloads(files, 'index.html')).toEqual({
      html: ['index.html'],
      css: ['assets/site-1.css', 'assets/styles-9.css'],
      js: ['assets/chunk-form.js', 'assets/chunk-react.js', 'assets/chunk-menu.js'],
    });
  });

  it('follows an entry file the same way, and leaves out the islands a page does not hold and the stylesheet inside <noscript>', () => {
    expect(pageDownloads(files, 'a-propos.html')).toEqual({
      html: ['a-propos.html'],
      css: ['assets/site-1.css'],
      js: ['assets/entry-1.js', 'assets/chunk-menu.js', 'assets/chunk-react.js'],
    });
  });

  it('weighs each kind raw and compressed', () => {
    const [home, about] = pageWeights(files, [
      { kind: 'accueil', file: 'index.html' },
      { kind: 'à propos', file: 'a-propos.html' },
    ]);
    expect(home!.kind).toBe('accueil');
    expect(home!.css.raw).toBe('body{color:red}'.length + '[data-sonner-toast]{padding:16px}'.length);
    expect(about!.js.raw).toBe(files.get('assets/entry-1.js')!.length + 'import{a}from"./chunk-react.js";'.length + 2048);
    expect(about!.js.compressed).toBeLessThan(about!.js.raw);
  });
});
