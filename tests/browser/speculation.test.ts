import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../src/server/static-server.ts';
import { launchChromiumForPrerender } from '../../tools/lib/chromium.ts';
import { close, listen } from '../../tools/lib/server.ts';
import { shared } from '../helpers/shared-site.ts';

/** Every request the server received, with its Sec-Purpose, and a way to wait for one. */
function requestLog(server: Server) {
  const seen: { url: string; purpose: string }[] = [];
  const waiting: { match: (r: { url: string; purpose: string }) => boolean; resolve: () => void }[] = [];
  server.prependListener('request', (req: IncomingMessage) => {
    const entry = { url: req.url ?? '', purpose: String(req.headers['sec-purpose'] ?? '') };
    seen.push(entry);
    for (const w of waiting.filter((w) => w.match(entry))) w.resolve();
  });
  const waitFor = (match: (r: { url: string; purpose: string }) => boolean) =>
    seen.some(match) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ match, resolve }));
  return { seen, waitFor };
}

/**
 * Chromium's prerender of the page at `path` (`/…`, with its query), as the browser announces it: a
 * target of its own, of subtype prerender, which loses that subtype when the tap shows it. Watched
 * from the browser's session: a session on the page that enables the Preload domain turns
 * prerendering off.
 */
async function watchPrerender(path: string): Promise<{ started: Promise<void>; shown: Promise<void> }> {
  const session = await browser.target().createCDPSession();
  const prerenders = new Set<string>();
  let start: () => void;
  let show: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  const shown = new Promise<void>((resolve) => (show = resolve)).finally(() => session.detach());
  const seen = ({ targetInfo: { targetId, subtype, url } }: { targetInfo: { targetId: string; subtype?: string; url: string } }) => {
    const { pathname, search } = new URL(url || 'about:blank');
    if (subtype === 'prerender') prerenders.add(targetId);
    // Its address is known once its navigation starts: the target is announced before, without one.
    if (subtype === 'prerender' && `${pathname}${search}` === path) start();
    if (subtype !== 'prerender' && prerenders.has(targetId)) show();
  };
  session.on('Target.targetCreated', seen);
  session.on('Target.targetInfoChanged', seen);
  await session.send('Target.setDiscoverTargets', { discover: true });
  return { started, shown };
}

let server: Server;
let base: string;
let log: ReturnType<typeof requestLog>;
let browser: Browser;

beforeAll(async () => {
  server = createSiteServer({ root: shared().dir, leadsFile: join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads.jsonl'), log: () => {} });
  log = requestLog(server);
  base = await listen(server);
  browser = await launchChromiumForPrerender();
});

afterAll(async () => {
  await browser?.close();
  if (server) await close(server);
});

describe('the next page before the tap (speculation rules, Chromium)', () => {
  it('given a city page, when a pointer rests on its quote link, it should fetch the contact page; when the link is pressed, it should prerender it from that response and show that page when the tap ends', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/abattage-gatineau`);
    const link = (await page.$('a[href^="/contact?ville="]'))!;
    const href = await link.evaluate((a) => a.getAttribute('href')!);
    const prerender = await watchPrerender(href);
    await link.scrollIntoView();
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await log.waitFor((r) => r.url === href && r.purpose === 'prefetch');
    await page.mouse.down();
    await prerender.started;
    // The tap ends: the prerendered page is shown, its document the one it was given.
    await page.mouse.up();
    await prerender.shown;
    // No second request for the page itself: the prerender took the prefetched response.
    expect(log.seen.filter((r) => r.url === href).map((r) => r.purpose)).toEqual(['prefetch']);
  });

  it('given a link to /api/…, when it is pressed, it should neither fetch nor prerender it (the Worker answers there with effects)', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/contact`);
    await page.evaluate(() => {
      for (const href of ['/api/auth', '/a-propos']) {
        // Not draggable: a press that moves off a link would start dragging it, and hover would stop.
        const a = Object.assign(document.createElement('a'), { href, textContent: href, draggable: false });
        a.style.display = 'block';
        a.style.padding = '2rem';
        document.querySelector('main')!.prepend(a);
      }
    });
    const centre = async (href: string) => {
      const box = (await (await page.$(`main > a[href="${href}"]`))!.boundingBox())!;
      return [box.x + box.width / 2, box.y + box.height / 2] as const;
    };
    // Pressed, then released elsewhere (no click): an allowed link would be prerendered at once.
    await page.mouse.move(...(await centre('/api/auth')));
    await page.mouse.down();
    const [x, y] = await centre('/a-propos');
    await page.mouse.move(x, y);
    await page.mouse.up();
    await page.mouse.move(x + 1, y);
    // The allowed link, hovered afterwards, is fetched: by then the pressed one would have been too.
    await log.waitFor((r) => r.url === '/a-propos' && r.purpose === 'prefetch');
    expect(log.seen.filter((r) => r.url.startsWith('/api/'))).toEqual([]);
  });
});
