import { describe, expect, it } from 'vitest';
import { productionWebhookProblem } from '../../src/engine/index.ts';

describe('production webhook check', () => {
  it('accepts a real https address', () => {
    expect(productionWebhookProblem('https://hook.eu1.make.com/abc123')).toBeUndefined();
    expect(productionWebhookProblem('https://hooks.zapier.com/hooks/catch/1/2/')).toBeUndefined();
  });

  it('refuses the local /api/quote, naming npm start and the fix', () => {
    const problem = productionWebhookProblem('/api/quote');
    expect(problem).toMatch(/« \/api\/quote », servi seulement par « npm start »/);
    expect(problem).toMatch(/QUOTE_WEBHOOK_URL/);
  });

  it('refuses any relative or empty address', () => {
    expect(productionWebhookProblem('/devis')).toMatch(/adresse relative/);
    expect(productionWebhookProblem('hooks.zapier.com/x')).toMatch(/adresse relative/);
    expect(productionWebhookProblem('  ')).toMatch(/vide/);
  });

  it.each([
    'https://example.com/hook',
    'https://hooks.exemple.ca/devis',
    'https://placeholder.io/x',
    'https://hook.make.com/CHANGEME',
    'https://your-webhook.net/x',
    'https://votre-automatisation.ca/x',
    'https://hook.make.com/xxx',
    'https://hooks.site.example/x',
    'https://localhost/hook',
    'https://127.0.0.1:8443/hook',
  ])('refuses the placeholder or local address %s', (url) => {
    expect(productionWebhookProblem(url)).toMatch(/exemple ou locale/);
  });

  it('refuses an address that is not https', () => {
    expect(productionWebhookProblem('http://hook.eu1.make.com/abc')).toMatch(/n’est pas en https/);
    expect(productionWebhookProblem('ftp://hook.eu1.make.com/abc')).toMatch(/n’est pas en https/);
  });
});
