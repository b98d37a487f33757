import { describe, expect, it } from 'vitest';
import { pageClient } from '../../src/engine/index.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const bundle = (entry: string) => ({
  meta: { entry: '/assets/entry-1.js' },
  files: new Map([
    ['assets/entry-1.js', bytes(entry)],
    ['assets/chunk-faq.js', bytes('export const faq = 1')],
    ['assets/chunk-menu.js', bytes('export const menu = 1')],
  ]),
});

describe('the client bundle as pages use it', () => {
  it('gives the entry’s code with each chunk named by its absolute address, and the chunks alone as files', () => {
    const { script, files } = pageClient(bundle(`var l={faq:()=>import("./chunk-faq.js"),"mobile-menu":()=>import('./chunk-menu.js')};`));
    expect(script).toBe(`var l={faq:()=>import("/assets/chunk-faq.js"),"mobile-menu":()=>import('/assets/chunk-menu.js')};`);
    expect([...files.keys()]).toEqual(['assets/chunk-faq.js', 'assets/chunk-menu.js']);
  });

  it('refuses an entry a page cannot hold as it is: an import of a file the bundle lacks, or the end of a script tag', () => {
    expect(() => pageClient(bundle('import("./chunk-absent.js")'))).toThrow(/pageClient/);
    expect(() => pageClient(bundle('import("../outside.js")'))).toThrow(/pageClient/);
    expect(() => pageClient(bundle('var s="</script><script>alert(1)";'))).toThrow(/pageClient/);
  });
});
