import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteRequestInit, sentByBrowser } from '../../src/shared/quote/quote-request.ts';
import { type QuoteDelivery, quotePayloadSchema } from '../../src/shared/quote/quote-schema.ts';
import { checkWebhook as runCheck } from '../../tools/lib/check-webhook-run.ts';
import { type CaptureBehaviour, startCaptureServer } from '../../tools/lib/capture-server.ts';
import { ROOT } from '../../tools/lib/root.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';
import { SITE_DIR } from '../helpers/fixture-site.ts';

const SITE = 'https://www.arbo-expert-outaouais.example';
let hook: Awaited<ReturnType<typeof startCaptureServer>>;
beforeAll(async () => {
  hook = await startCaptureServer();
});
afterAll(() => hook.close());

const SETTINGS = { SITE_URL: '', QUOTE_DELIVERY: '' };

/** `npm run check:webhook` as the owner runs it, against `url`: the command itself, a process of its own. */
function commandRun(url: string): Promise<{ code: number; said: string }> {
  return new Promise((done) => {
    execFile('npm', ['run', '--silent', 'check:webhook', '--', '--content', SITE_DIR], { cwd: ROOT, env: hermeticEnv({ ...SETTINGS, QUOTE_WEBHOOK_URL: url }) }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code) : 0, said: `${stdout}${stderr}`.replace(/^npm warn .*\n/gm, '') }),
    );
  });
}

/** What the command does and says, called in this process: the same function, without a process to start per case. */
async function checkWebhook(url: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ code: number; said: string }> {
  const delivery = args[0] === '--delivery' ? (args[1] as QuoteDelivery) : undefined;
  const report = await runCheck({ contentDir: SITE_DIR, delivery, env: { ...SETTINGS, QUOTE_WEBHOOK_URL: url, ...env } });
  return { code: report.code, said: report.lines.map((l) => l.text).join('\n') };
}

async function answering(behaviour: Partial<CaptureBehaviour>, args: string[] = [], env: Record<string, string> = {}) {
  hook.reset();
  hook.behave(behaviour);
  return checkWebhook(hook.url, args, env);
}

/** The one lead the webhook got: sent as browsers send the form's (tests/browser/islands-three-engines.test.ts), and marked as a test. */
function theTestLead() {
  expect(hook.received).toHaveLength(1);
  const [sent] = hook.received;
  expect(sent!.method).toBe('POST');
  expect(sent!.headers['content-type']).toBe('text/plain;charset=UTF-8');
  expect(sent!.headers.origin).toBe(SITE);
  const lead = quotePayloadSchema.parse(JSON.parse(sent!.body));
  expect(lead.name).toBe('TEST — vérification du webhook');
  expect(lead.message).toMatch(/essai .*ce n’est pas une vraie demande/);
}

describe('npm run check:webhook sends one test lead as the form does and says what the answer means', () => {
  it('no-cors, 200 (the command itself, `npm run check:webhook`): received; the owner is told to look for the lead where it should arrive', async () => {
    hook.reset();
    const run = await commandRun(hook.url);
    theTestLead();
    expect(run.code).toBe(0);
    expect(run.said).toContain('mode no-cors');
    expect(run.said).toContain('Reçu : le webhook a répondu 200.');
    expect(run.said).toMatch(/Vérifiez maintenant que la demande « TEST — vérification du webhook » est arrivée/);
  });

  it('no-cors, 500: refused, and the visitor would be told « envoyée » while the lead is lost', async () => {
    const run = await answering({ status: 500 });
    theTestLead();
    expect(run.code).toBe(1);
    expect(run.said).toContain('Refusé : le webhook a répondu 500');
    expect(run.said).toMatch(/le formulaire afficherait « envoyée » et la demande serait perdue/);
  });

  it('cors, 404: refused, and the visitor would see the failure and keep the lead', async () => {
    const run = await answering({ status: 404 }, ['--delivery', 'cors']);
    theTestLead();
    expect(run.code).toBe(1);
    expect(run.said).toContain('Refusé : le webhook a répondu 404 (adresse inconnue');
    expect(run.said).toMatch(/le visiteur verrait un message d’échec et garderait ce qu’il a tapé/);
  });

  it('cors without Access-Control-Allow-Origin: the lead arrived but every visitor would be told it failed', async () => {
    const run = await answering({ cors: false }, ['--delivery', 'cors']);
    theTestLead();
    expect(run.code).toBe(1);
    expect(run.said).toContain(`sans en-tête Access-Control-Allow-Origin pour ${SITE}`);
    expect(run.said).toMatch(/l’envoi a échoué alors que la demande est arrivée.*Gardez quoteDelivery: no-cors/s);
  });

  it('cors with Access-Control-Allow-Origin: received', async () => {
    const run = await answering({}, ['--delivery', 'cors']);
    theTestLead();
    expect(run.code).toBe(0);
    expect(run.said).toContain('Reçu : le webhook a répondu 200, avec Access-Control-Allow-Origin « * »');
  });

  it('unreachable: nothing arrives, and the visitor would see the failure', async () => {
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => done(free));
      });
    });
    const run = await checkWebhook(`http://127.0.0.1:${port}/webhook`);
    expect(run.code).toBe(1);
    expect(run.said).toContain('Échec : aucune réponse : connexion refusée');
  });

  it('refuses /api/quote, which only npm start serves, without sending anything', async () => {
    const run = await checkWebhook('/api/quote');
    expect(run.code).toBe(1);
    expect(run.said).toMatch(/n’est pas l’adresse d’une automatisation : servie seulement par npm start/);
  });
});

describe('npm run check:webhook in relay mode (QUOTE_DELIVERY=relay, as the workflow builds) sends the test lead as the Worker does', () => {
  it('200: sent as the Worker forwards a kept lead (the payload’s nine fields as JSON, an Idempotency-Key, no Origin), and received', async () => {
    const run = await answering({}, [], { QUOTE_DELIVERY: 'relay' });
    expect(hook.received).toHaveLength(1);
    const [sent] = hook.received;
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent!.headers.origin).toBeUndefined();
    expect(Object.keys(JSON.parse(sent!.body))).toEqual(['name', 'phone', 'email', 'city', 'service', 'urgency', 'message', 'timestamp', 'urgencyLabel']);
    expect(quotePayloadSchema.parse(JSON.parse(sent!.body)).name).toBe('TEST — vérification du webhook');
    expect(run.code).toBe(0);
    expect(run.said).toContain('mode relay · envoyé comme le Worker le fait');
    expect(run.said).toContain('Reçu : le webhook a répondu 200.');
  });

  it('410: refused; the Worker would keep, retry and alert, but no lead would reach the automation', async () => {
    const run = await answering({ status: 410 }, [], { QUOTE_DELIVERY: 'relay' });
    expect(run.code).toBe(1);
    expect(run.said).toContain('Refusé : le webhook a répondu 410 (adresse inconnue');
    expect(run.said).toMatch(/En mode relay, rien ne se perd .* aucune n’arriverait à l’automatisation\. Corrigez le secret du Worker \(npm run wrangler -- secret put QUOTE_WEBHOOK_URL\)/);
  });
});

describe('the form’s request as a browser sends it', () => {
  it('drops the JSON content type in no-cors mode, as browsers do, so the body goes as text/plain', () => {
    for (const delivery of ['no-cors', 'cors'] as const) {
      expect(sentByBrowser(quoteRequestInit(delivery, '{}'), SITE)).toEqual({ method: 'POST', headers: { Origin: SITE, 'Content-Type': 'text/plain;charset=UTF-8' }, body: '{}' });
    }
    expect(quoteRequestInit('no-cors', '{}').headers['Content-Type']).toBe('application/json');
  });
});
