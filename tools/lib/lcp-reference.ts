import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Two pages the audit measures beside the site's, so that its LCP can be read against what the
 * machine's Chromium costs for any page. Lighthouse's mobile LCP is a simulated round trip plus
 * the main-thread work it observed before the paint, times 4: on a slow machine a page of bare
 * text already pays the renderer's own start-up that way. One shows that floor (the contact
 * page's heading and first paragraph, nothing else), the other what the page's one script adds
 * (the contact page without it). Written into the audited folder only, never into a build.
 */
export function writeReferencePages(distDir: string, contactFile: string): [string, string][] {
  const contact = readFileSync(join(distDir, contactFile), 'utf8');
  const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(contact)?.[1] ?? '';
  const paragraph = /<p class="hero-subtitle">(.*?)<\/p>/s.exec(contact)?.[1] ?? '';
  const bare = `<!DOCTYPE html><html lang="fr-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Témoin</title></head><body><h1>${heading}</h1><p>${paragraph}</p></body></html>`;
  const withoutScript = contact.replace(/<script type="module">.*?<\/script>/s, '');
  if (withoutScript === contact) throw new Error(`${contactFile} : aucun <script type="module"> à retirer`);
  writeFileSync(join(distDir, 'temoin-texte-nu.html'), bare);
  writeFileSync(join(distDir, 'temoin-contact-sans-script.html'), withoutScript);
  return [
    ['témoin : texte nu', '/temoin-texte-nu'],
    ['témoin : contact sans script', '/temoin-contact-sans-script'],
  ];
}
