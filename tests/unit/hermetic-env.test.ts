import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles } from '../../tools/lib/layers.ts';
import { ROOT } from '../../tools/lib/root.ts';
import { AMBIENT, hermeticEnv } from '../helpers/hermetic-env.ts';

describe('tests are hermetic', () => {
  it('run without the shell’s or the CI runner’s GitHub, CI, QUOTE_* and SITE_URL variables', () => {
    expect(Object.keys(process.env).filter((name) => AMBIENT.test(name))).toEqual([]);
  });

  it('give a command the run’s environment without GitHub’s variables, and what the test passes on top (the filter can fail)', () => {
    const saved = process.env.GITHUB_REF;
    process.env.GITHUB_REF = 'refs/heads/main';
    try {
      const env = hermeticEnv({ PORT: '4000', SITE_URL: 'https://exemple.test' });
      expect(env.GITHUB_REF).toBeUndefined();
      expect(env).toMatchObject({ PORT: '4000', SITE_URL: 'https://exemple.test', PATH: process.env.PATH });
    } finally {
      if (saved === undefined) delete process.env.GITHUB_REF;
      else process.env.GITHUB_REF = saved;
    }
    expect(['CI', 'GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY', 'RUNNER_TEMP', 'QUOTE_DELIVERY', 'SITE_URL'].filter((n) => !AMBIENT.test(n))).toEqual([]);
    expect(['PATH', 'HOME', 'CIRCLE', 'MY_SITE_URL'].filter((n) => AMBIENT.test(n))).toEqual([]);
  });

  it('start every command through hermeticEnv: no test spreads process.env into a command’s environment', () => {
    const spreads = codeFiles('tests')
      .filter((file) => file !== 'tests/helpers/hermetic-env.ts' && file !== 'tests/unit/hermetic-env.test.ts')
      .filter((file) => readFileSync(join(ROOT, file), 'utf8').includes('...process.env'));
    expect(spreads).toEqual([]);
  });
});
