/**
 * Tap → next page painted, in Chromium, from a city page to its contact link: with the
 * site's speculation rules, and without them (their block taken out of each page as it is served).
 * Each run is a fresh profile on the city page; the pointer rests on the link for a person's
 * dwell, presses, holds for a tap's length, releases. The time is read in the browser: from the
 * pointerdown on the city page to the contact page's first contentful paint, or its activation
 * when it was prerendered, whichever is later (both on the same wall clock, performance.timeOrigin).
 * Every response waits one mobile round trip first (Lighthouse's 150 ms), as a phone on 4G would.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSiteServer } from '../../src/server/static-server.ts';
import { SPECULATION_RULES_ELEMENT } from '../../src/site/speculation-rules.ts';
import { launchChromiumForPrerender } from './chromium.ts';
import { close, listen } from './server.ts';

const ROUND_TRIP_MS = 150;
/** How long a person's pointer rests on a link before pressing, and how long a tap holds. */
const DWELL_MS = 300;
const TAP_MS = 100;

const PROBE_SCRIPT = `
const report = (data) => navigator.sendBeacon('/__probe', JSON.stringify(data));
addEventListener('pointerdown', (e) => report({ kind: 'down', at: performance.timeOrigin + e.timeStamp }), { capture: true });
const painted = () => {
  const nav = performance.getEntriesByType('navigation')[0];
  new PerformanceObserver((list, observer) => {
    const fcp = list.getEntriesByName('first-contentful-paint')[0];
    if (!fcp) return;
    observer.disconnect();
    report({ kind: 'painted', url: location.pathname + location.search, at: performance.timeOrigin + Math.max(fcp.startTime, nav.activationStart), prerendered: nav.activationStart > 0 });
  }).observe({ type: 'paint', buffered: true });
};
if (document.prerendering) document.addEventListener('prerenderingchange', painted, { once: true });
else painted();
`;

interface Report {
  kind: 'down' | 'painted';
  at: number;
  url?: string;
  prerendered?: boolean;
}

export interface NavigationFigures {
  withRules: number[];
  withoutRules: number[];
  /** Runs with rules whose contact page was shown prerendered. */
  prerendered: number;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Where the probe's pages report, and a way to wait for a report. */
function reportBox() {
  const reports: Report[] = [];
  const waiting: (() => void)[] = [];
  const add = (report: Report) => {
    reports.push(report);
    waiting.splice(0).forEach((wake) => wake());
  };
  const reported = (match: (r: Report) => boolean) =>
    new Promise<Report>((resolve) => {
      const look = () => {
        const found = reports.find(match);
        if (found) resolve(found);
        else waiting.push(look);
      };
      look();
    });
  return { reports, add, reported };
}

/** The page without the site's speculation rules; a page that has none would make the baseline a lie. */
function withoutRules(html: string): string {
  if (!html.includes(SPECULATION_RULES_ELEMENT)) throw new Error('sonde de navigation : la page n’a pas les règles de spéculation du site (src/site/speculation-rules.ts)');
  return html.replace(SPECULATION_RULES_ELEMENT, '');
}

/**
 * dist/ served one mobile round trip late, with the probe in each page, and the speculation rules
 * or without them. One server each: a server keeps each page as it first changed it.
 */
async function probeServer(distDir: string, rules: boolean, add: (report: Report) => void): Promise<{ server: Server; base: string }> {
  const server: Server = createSiteServer({
    root: distDir,
    leadsFile: join(mkdtempSync(join(tmpdir(), 'probe-')), 'leads.jsonl'),
    log: () => {},
    transformHtml: (html) => (rules ? html : withoutRules(html)).replace('</head>', '<script type="module" src="/__probe.js"></script></head>'),
    intercept: (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/__probe.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(PROBE_SCRIPT);
      else if (req.url === '/__probe') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk));
        req.on('end', () => {
          add(JSON.parse(body) as Report);
          res.writeHead(204).end();
        });
      } else return false;
      return true;
    },
  });
  // One round trip before every answer: move the site's handler behind a delay.
  const [handler] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => void delay(req.url?.startsWith('/__probe') ? 0 : ROUND_TRIP_MS).then(() => handler!(req, res)));
  return { server, base: await listen(server) };
}

export async function probeNavigation(distDir: string, citySlug: string, runs = 7): Promise<NavigationFigures> {
  const { reports, add, reported } = reportBox();
  const servers = [await probeServer(distDir, true, add), await probeServer(distDir, false, add)];
  const browser = await launchChromiumForPrerender();
  const figures: NavigationFigures = { withRules: [], withoutRules: [], prerendered: 0 };
  try {
    for (let run = 0; run < runs * 2; run++) {
      const rules = run % 2 === 0;
      const { base } = servers[rules ? 0 : 1]!;
      reports.length = 0;
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 412, height: 823 });
      await page.goto(`${base}/abattage-${citySlug}`, { waitUntil: 'load' });
      const link = (await page.$('main a[href^="/contact"]'))!;
      await link.scrollIntoView();
      const box = (await link.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await delay(DWELL_MS);
      await page.mouse.down();
      await delay(TAP_MS);
      await page.mouse.up();
      const down = await reported((r) => r.kind === 'down');
      const painted = await reported((r) => r.kind === 'painted' && r.url?.startsWith('/contact') === true);
      (rules ? figures.withRules : figures.withoutRules).push(Math.round(painted.at - down.at));
      if (rules && painted.prerendered) figures.prerendered++;
      await context.close();
    }
  } finally {
    await browser.close();
    for (const { server } of servers) await close(server);
  }
  return figures;
}
