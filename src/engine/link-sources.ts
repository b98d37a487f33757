import { readFileSync } from 'node:fs';
import type { ContentFile } from '../content/content-files.ts';
import type { LinkDiagnostic } from '../shared/diagnostic.ts';
import type { BrokenLink } from './check-links.ts';

/**
 * Where each broken link comes from, so the editor is sent to the line to fix: the first content
 * file whose text holds the target, the page's own file first, then site.md, then the others in
 * folder order. A target no content file holds was made by a template, and says so by having no
 * file. Runs only when a build fails, so reading the files again costs nothing worth saving.
 */
export function locateLinkSources(broken: readonly BrokenLink[], files: readonly ContentFile[], ownFile: (page: string) => string | undefined, baseUrl: string): LinkDiagnostic[] {
  const texts = new Map<string, string>();
  const text = (f: ContentFile) => {
    let t = texts.get(f.path);
    if (t === undefined) texts.set(f.path, (t = readFileSync(f.path, 'utf8')));
    return t;
  };
  return broken.map((link) => {
    const own = ownFile(link.page);
    const order = [...files].sort((a, b) => rank(a, own) - rank(b, own));
    const needles = spellings(link.target, baseUrl);
    for (const f of order) {
      const t = text(f);
      for (const needle of needles) {
        const at = t.indexOf(needle);
        if (at >= 0) return { kind: 'link', ...link, file: f.file, ...position(t, at) };
      }
    }
    return { kind: 'link', ...link };
  });
}

function rank(f: ContentFile, own: string | undefined): number {
  if (f.file === own) return 0;
  return f.kind.type === 'site' ? 1 : 2;
}

/** How an editor may have written the target: as the page has it, without the site's address, unescaped. */
function spellings(target: string, baseUrl: string): string[] {
  const path = target.startsWith(baseUrl) ? target.slice(baseUrl.length) || '/' : target;
  const forms = [target, path];
  for (const form of [target, path]) {
    try {
      forms.push(decodeURI(form));
    } catch {
      // A malformed escape is matched as written.
    }
  }
  return [...new Set(forms)].filter((f) => f.length > 1);
}

function position(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: at - start + 1 };
}
