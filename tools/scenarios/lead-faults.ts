import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { DRAFT_KEY } from '../../src/islands/quote-form/draft.ts';
import type { startCaptureServer } from '../lib/capture-server.ts';

/** The built site on loopback, its stand-in webhook and Chromium (tools/lib/browser-site.ts). */
export interface LeadEnv {
  browser: Browser;
  base: string;
  capture: Awaited<ReturnType<typeof startCaptureServer>>;
}

/** What the visitor typed in every scenario. */
export const TYPED = {
  name: 'Marie Tremblay',
  phone: '819 555-0199',
  email: 'marie@exemple.ca',
  city: 'lage-gardien',
  service: 'abattage',
  urgency: 'emergency',
  message: 'Grand érable mort près du cabanon.',
} as const;

export interface Outcome {
  scenario: string;
  /** Neither delivered (success toast and the webhook has it) nor kept (failure toast, values and draft still there). */
  lost: boolean;
  /** Checks of the scenario beyond « not lost » (one request, values restored…), all true when it behaves. */
  checks: Record<string, boolean>;
}

interface Run {
  env: LeadEnv;
  context: BrowserContext;
  page: Page;
  /** Every POST a page of the run sent, as the browser saw it leave. */
  posts: Request[];
}

/** Waits until every request the run's pages sent has its answer or its failure: a duplicate cannot arrive later. */
const settled = (run: Run) => Promise.all(run.posts.map((r) => r.response().catch(() => null)));

const SUCCESS = 'Demande envoyée! Nous vous contacterons sous peu.';
const FAILURE = "Erreur lors de l'envoi";

export async function openForm(page: Page, base: string, path = '/contact'): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.locator('form.quote-form').scrollIntoViewIfNeeded();
  await page.locator('form.quote-form[data-ready="true"]').waitFor();
}

const field = (page: Page, name: string) => page.locator(`form.quote-form [name="${name}"]`);

export async function fillTyped(page: Page, skip: string[] = []): Promise<void> {
  for (const [name, value] of Object.entries(TYPED)) {
    if (skip.includes(name)) continue;
    if (['city', 'service', 'urgency'].includes(name)) await field(page, name).selectOption(value);
    else await field(page, name).fill(value);
  }
}

const submitButton = (page: Page) => page.locator('form.quote-form button[type="submit"]');

/** The toast the visitor ends up with: sent, failed, a validation error, or none in `timeout`. */
async function toastShown(page: Page, timeout = 30_000, { outcomeOnly = false } = {}): Promise<'sent' | 'failed' | 'validation' | 'none'> {
  // After a send, only its outcome counts: a validation toast from an earlier try may still be shown.
  const kinds = [SUCCESS.slice(0, 15), FAILURE, ...(outcomeOnly ? [] : ['Erreur de validation'])];
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: new RegExp(kinds.join('|')) }).first();
  try {
    await toast.waitFor({ timeout });
  } catch {
    return 'none';
  }
  const text = (await toast.textContent()) ?? '';
  return text.includes(SUCCESS) ? 'sent' : text.includes(FAILURE) ? 'failed' : 'validation';
}

const valuesKept = (page: Page) => page.evaluate((typed) => Object.entries(typed).every(([n, v]) => (document.querySelector(`form.quote-form [name="${n}"]`) as HTMLInputElement).value === v), TYPED);

const draftKept = (page: Page) =>
  page.evaluate(
    ([key, typed]) => {
      const draft = JSON.parse(localStorage.getItem(key as string) ?? '{}') as Record<string, string>;
      return Object.entries(typed as Record<string, string>).every(([n, v]) => draft[n] === v);
    },
    [DRAFT_KEY, TYPED] as const,
  );

const deliveries = (env: LeadEnv) => env.capture.received.filter((r) => (JSON.parse(r.body) as { name?: string }).name === TYPED.name).length;

/** Submits and judges: delivered, or kept with values and draft (`draft: false` where storage is gone). */
async function submitAndJudge(run: Run, { draft = true, timeout = 30_000 } = {}): Promise<{ lost: boolean; toast: string }> {
  await submitButton(run.page).click();
  const toast = await toastShown(run.page, timeout, { outcomeOnly: true });
  await settled(run);
  const delivered = toast === 'sent' && deliveries(run.env) > 0;
  const kept = toast === 'failed' && (await valuesKept(run.page)) && (!draft || (await draftKept(run.page)));
  return { lost: !delivered && !kept, toast };
}

/**
 * Changes the form's props (webhook, delivery, timeout) as another build would, once the page is
 * parsed and before the entry script reads them. (Rewriting the response instead would make
 * Chromium treat the page as public and refuse its requests to loopback.)
 */
async function withFormProps(run: Run, overrides: Record<string, unknown>): Promise<void> {
  await run.context.addInitScript((changes) => {
    document.addEventListener('readystatechange', () => {
      const props = document.querySelector('script[data-island-props^="quote-form"]');
      if (document.readyState === 'interactive' && props) props.textContent = JSON.stringify({ ...JSON.parse(props.textContent ?? '{}'), ...changes });
    });
  }, overrides);
}

/** A TCP endpoint that accepts the connection, then resets it as the request arrives. */
function startResetServer(): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const sockets = new Set<Socket>();
    const server: TcpServer = createTcpServer((socket) => {
      sockets.add(socket);
      socket.once('data', () => socket.resetAndDestroy());
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      const close = () => new Promise<void>((r) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => r());
      });
      resolve({ url: `http://127.0.0.1:${port}/webhook`, close });
    });
  });
}

/** A loopback port nothing listens on: the connection is refused. */
function refusedUrl(): Promise<string> {
  return new Promise((resolve) => {
    const probe = createTcpServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(`http://127.0.0.1:${port}/webhook`));
    });
  });
}

type Scenario = { name: string; run: (run: Run) => Promise<Omit<Outcome, 'scenario'>> };

const failedAndKept = async (run: Run, options?: Parameters<typeof submitAndJudge>[1]) => {
  const { lost, toast } = await submitAndJudge(run, options);
  return { lost, checks: { 'failure toast': toast === 'failed' } };
};

export const LEAD_FAULT_SCENARIOS: Scenario[] = [
  {
    name: 'offline',
    run: async (run) => {
      await openForm(run.page, run.env.base);
      await fillTyped(run.page);
      await run.context.setOffline(true);
      const result = await failedAndKept(run);
      await run.context.setOffline(false);
      return result;
    },
  },
  {
    name: 'connection refused',
    run: async (run) => {
      await withFormProps(run, { webhook: await refusedUrl() });
      await openForm(run.page, run.env.base);
      await fillTyped(run.page);
      return failedAndKept(run);
    },
  },
  {
    name: 'connection reset mid-request',
    run: async (run) => {
      const reset = await startResetServer();
      try {
        await withFormProps(run, { webhook: reset.url });
        await openForm(run.page, run.env.base);
        await fillTyped(run.page);
        return await failedAndKept(run);
      } finally {
        await reset.close();
      }
    },
  },
  {
    name: 'webhook never answers (timeout)',
    run: async (run) => {
      run.env.capture.behave({ hang: true });
      await withFormProps(run, { timeoutMs: 1500 });
      await openForm(run.page, run.env.base);
      await fillTyped(run.page);
      const started = Date.now();
      const result = await failedAndKept(run);
      return { ...result, checks: { ...result.checks, 'gives up after the timeout': Date.now() - started < 6000 } };
    },
  },
  ...[500, 503, 400, 422].map((status) => ({
    name: `webhook answers ${status} (cors delivery)`,
    run: async (run: Run) => {
      run.env.capture.behave({ status });
      await withFormProps(run, { delivery: 'cors' });
      await openForm(run.page, run.env.base);
      await fillTyped(run.page);
      return failedAndKept(run);
    },
  })),
  {
    name: 'webhook answers 201 (cors delivery)',
    run: async (run) => {
      run.env.capture.behave({ status: 201 });
      await withFormProps(run, { delivery: 'cors' });
      await openForm(run.page, run.env.base);
      await fillTyped(run.page);
      const { lost, toast } = await submitAndJudge(run);
      return { lost, checks: { 'success toast': toast === 'sent', 'draft cleared': !(await draftKept(run.page)) } };
    },
  },
  {
    name: 'double click',
    run: async (run) => {
      run.env.capture.behave({ delayMs: 1000 });
      await openForm(run.page, run.env.base);
      await fillTyped(run.page);
      await submitButton(run.page).dblclick();
      const toast = await toastShown(run.page);
      await settled(run);
      return { lost: !(toast === 'sent' && deliveries(run.env) > 0), checks: { 'exactly one request': deliveries(run.env) === 1 } };
    },
  },
  {
    name: 'double Enter',
    run: async (run) => {
      run.env.capture.behave({ delayMs: 1000 });
      await openForm(run.page, run.env.base);
      await fillTyped(run.page);
      await field(run.page, 'name').focus();
      await run.page.keyboard.press('Enter');
      await run.page.keyboard.press('Enter');
      const toast = await toastShown(run.page);
      await settled(run);
      return { lost: !(toast === 'sent' && deliveries(run.env) > 0), checks: { 'exactly one request': deliveries(run.env) === 1 } };
    },
  },
  {
    name: 'two tabs with the same draft',
    run: async (run) => {
      await openForm(run.page, run.env.base);
      await fillTyped(run.page);
      const other = await run.context.newPage();
      await openForm(other, run.env.base);
      const restored = await valuesKept(other);
      const { lost } = await submitAndJudge({ ...run, page: other });
      return { lost, checks: { 'second tab restores the draft': restored, 'first tab keeps its values': await valuesKept(run.page), 'exactly one request': deliveries(run.env) === 1 } };
    },
  },
  {
    name: 'reload mid-typing',
    run: async (run) => {
      await openForm(run.page, run.env.base);
      await fillTyped(run.page, ['message']);
      await field(run.page, 'message').pressSequentially(TYPED.message);
      await run.page.reload();
      await openForm(run.page, run.env.base);
      const restored = await valuesKept(run.page);
      const { lost } = await submitAndJudge(run);
      return { lost: lost || !restored, checks: { 'every value restored': restored } };
    },
  },
  {
    name: 'back/forward cache',
    run: async (run) => {
      await openForm(run.page, run.env.base);
      await fillTyped(run.page);
      await run.page.goto(`${run.env.base}/services`);
      await run.page.goBack();
      await run.page.locator('form.quote-form[data-ready="true"]').waitFor();
      const restored = await valuesKept(run.page);
      const { lost } = await submitAndJudge(run);
      return { lost: lost || !restored, checks: { 'every value back': restored } };
    },
  },
  ...[
    {
      name: 'localStorage full (quota error)',
      init: () => {
        Storage.prototype.setItem = () => {
          throw new DOMException('Quota dépassé', 'QuotaExceededError');
        };
      },
    },
    {
      name: 'localStorage unavailable (throws)',
      init: () => {
        Object.defineProperty(window, 'localStorage', {
          get: () => {
            throw new DOMException('Accès refusé', 'SecurityError');
          },
        });
      },
    },
  ].map(({ name, init }) => ({
    name,
    run: async (run: Run) => {
      await run.context.addInitScript(init);
      await openForm(run.page, run.env.base);
      await submitButton(run.page).click();
      const validates = (await toastShown(run.page)) === 'validation';
      await fillTyped(run.page);
      const { lost, toast } = await submitAndJudge(run, { draft: false });
      return { lost, checks: { 'still validates': validates, 'still sends': toast === 'sent' } };
    },
  })),
];

/**
 * The default delivery cannot see a failing webhook: a no-cors request's answer is opaque,
 * so a 5xx looks like success and the lead is gone. Measured apart, as the limit `quoteDelivery:
 * cors` exists for, not as a fault the form could catch.
 */
export const NO_CORS_LIMIT: Scenario = {
  name: 'webhook answers 500 (no-cors delivery, spec default)',
  run: async (run) => {
    run.env.capture.behave({ status: 500 });
    await openForm(run.page, run.env.base);
    await fillTyped(run.page);
    const { toast } = await submitAndJudge(run);
    return { lost: toast === 'sent', checks: {} };
  },
};

/** Runs one scenario in a fresh browser context against a webhook back to normal. */
export async function runScenario(env: LeadEnv, scenario: Scenario): Promise<Outcome> {
  env.capture.reset();
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-CA' });
  try {
    const posts: Request[] = [];
    context.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r);
    });
    const page = await context.newPage();
    return { scenario: scenario.name, ...(await scenario.run({ env, context, page, posts })) };
  } finally {
    await context.close();
    env.capture.reset();
  }
}

/** Every fault scenario; `lost` is the figure that must stay 0. */
export async function measureLeadFaults(env: LeadEnv): Promise<{ outcomes: Outcome[]; lost: number; noCorsLimit: Outcome }> {
  const outcomes: Outcome[] = [];
  for (const scenario of LEAD_FAULT_SCENARIOS) outcomes.push(await runScenario(env, scenario));
  return { outcomes, lost: outcomes.filter((o) => o.lost).length, noCorsLimit: await runScenario(env, NO_CORS_LIMIT) };
}
