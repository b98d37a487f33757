import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { condition, evaluate, type ExpressionContext, expressionsIn, interpolate } from '../../tools/ci/expressions.ts';

const context = (over: Partial<ExpressionContext> = {}): ExpressionContext => ({
  github: { event_name: 'push', ref: 'refs/heads/main', sha: 'abc123', repository: 'proprietaire/site' },
  vars: { SITE_URL: 'https://arbres.ca' },
  secrets: {},
  steps: { path: { outputs: { path: 'content' } } },
  hashFiles: (patterns) => `hash(${patterns.join(',')})`,
  ...over,
});

describe('the replay’s expressions, as GitHub Actions evaluates them', () => {
  it('gives one of the operands of && and ||, so a flag is chosen by the event', () => {
    const flag = "github.event_name == 'push' && '--production' || ''";
    expect(evaluate(flag, context())).toBe('--production');
    expect(evaluate(flag, context({ github: { ...context().github, event_name: 'pull_request' } }))).toBe('');
  });

  it('compares strings without case, and != is the opposite of ==', () => {
    expect(evaluate("github.ref == 'REFS/HEADS/MAIN'", context())).toBe(true);
    expect(evaluate("github.ref != 'refs/heads/main'", context())).toBe(false);
  });

  it('reads a step’s output, and an unset variable, secret or output as an empty string, like GitHub', () => {
    expect(condition("steps.path.outputs.path == 'content'", context())).toBe(true);
    expect(condition("steps.modules.outputs.cache-hit != 'true'", context())).toBe(true);
    expect(interpolate('[${{ vars.ALERT_TO }}][${{ secrets.CLOUDFLARE_API_TOKEN }}]', context())).toBe('[][]');
  });

  it('writes each ${{ }} of a string with its value, hashFiles included', () => {
    expect(interpolate("build-${{ hashFiles('package-lock.json', 'src/**') }}-${{ github.sha }}", context())).toBe('build-hash(package-lock.json,src/**)-abc123');
  });

  it('takes an if: with or without ${{ }}, and none as success', () => {
    expect(condition("${{ github.event_name == 'push' }}", context())).toBe(true);
    expect(condition("github.event_name == 'pull_request'", context())).toBe(false);
    expect(condition(undefined, context())).toBe(true);
    expect(condition("!(github.event_name == 'push') || 'x' == 'it''s'", context())).toBe(false);
  });

  it('refuses, by name, a context or a function the replay does not know, instead of reading it as empty', () => {
    expect(() => evaluate('runner.os', context())).toThrow(/runner\.os/);
    expect(() => evaluate('github.actor', context())).toThrow(/github\.actor/);
    expect(() => evaluate("contains(github.ref, 'main')", context())).toThrow(/contains\(\)/);
    expect(() => evaluate("github.ref == 'a", context())).toThrow(/non reconnue/);
  });

  it('evaluates every expression of the workflow, for a push and for a pull request', () => {
    const workflow = readFileSync('.github/workflows/site.yml', 'utf8');
    const found = expressionsIn(workflow);
    expect(found).toContain('github.sha');
    for (const event_name of ['push', 'pull_request']) {
      const ctx = context({ github: { ...context().github, event_name } });
      for (const expression of found) expect(() => evaluate(expression, ctx), expression).not.toThrow();
    }
  });
});
