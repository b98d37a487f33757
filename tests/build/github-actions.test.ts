import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentWithPhotos, TEST_PHOTOS } from '../../tools/lib/photo-content.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';
import { SITE, SITE_DIR, copySite } from '../helpers/fixture-site.ts';

const work = mkdtempSync(join(tmpdir(), 'gha-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run build` as the workflow runs it: the bundled CLI, a whole process, GitHub's variables set. */
function build(contentDir: string, env: Record<string, string>, ...args: string[]) {
  const out = join(work, 'dist');
  return spawnSync(process.execPath, ['bin/cli.mjs', 'build', '--content', contentDir, '--out', out, '--cache', warmCache(), ...args], {
    encoding: 'utf8',
    env: hermeticEnv({ GITHUB_ACTIONS: 'true', ...env }),
  });
}

describe('on GitHub Actions, the build speaks where the editor looks', () => {
  it('prints each content error as a workflow command on the exact line of the file', () => {
    const copy = copySite();
    copy.edit('cities/hull.md', (t) => t.replace(/^featured: true$/m, 'featured: "oui"'));
    const line = readFileSync(join(copy.dir, 'cities/hull.md'), 'utf8').split('\n').findIndex((l) => l.startsWith('featured:')) + 1;
    const run = build(copy.dir, {});
    rmSync(copy.dir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    const commands = run.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(new RegExp(`^::error file=[^,]*cities/hull\\.md,line=${line},col=11,title=Contenu invalide::featured : true ou false attendu, sans guillemets`, 'i'));
  });

  it('prints a photo narrower than its slot as a warning on its line, and the build passes', () => {
    const copy = contentWithPhotos(undefined, SITE_DIR);
    writeFileSync(join(copy.dir, 'images/erable-hull.jpg'), readFileSync(join(TEST_PHOTOS, 'etroite.jpg')));
    const line = readFileSync(join(copy.dir, 'cities/hull.md'), 'utf8').split('\n').findIndex((l) => l.startsWith('  src: ../images/')) + 1;
    const run = build(copy.dir, {});
    rmSync(copy.dir, { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(0);
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning ') && l.includes('cities/hull.md'));
    expect(warnings[0]).toMatch(new RegExp(`^::warning file=[^,]*cities/hull\\.md,line=${line},col=8,title=Photo à revoir::photo\\.src : photo de 400 pixels de large`));
  });

  it('writes a job summary with the pages, the webhook and the weight of each kind of page', () => {
    const summary = join(work, 'summary.md');
    writeFileSync(summary, '');
    const run = build(SITE, { GITHUB_STEP_SUMMARY: summary, QUOTE_WEBHOOK_URL: 'https://hook.eu1.make.com/abc123' });
    expect(run.status, run.stderr).toBe(0);
    const text = readFileSync(summary, 'utf8');
    expect(text).toMatch(/\| Pages \| \d+ \(dont \d+ alias\) \|/);
    expect(text).toContain('https://hook.eu1.make.com/abc123');
    expect(text).toMatch(/\| city \| [\d,]+ Kio/);
    expect(text).toMatch(/\| Rendues \/ reprises du cache \| \d+ \/ \d+ \|/);
  });

  it('refuses a production build whose form would post to the local /api/quote, and leaves dist/ alone', () => {
    rmSync(join(work, 'dist'), { recursive: true, force: true });
    const run = build(SITE, {}, '--production');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/webhook de devis est « \/api\/quote »/);
    expect(existsSync(join(work, 'dist'))).toBe(false);
  });

  it('builds for production only when asked with --production, not because a push to main set GITHUB_REF', () => {
    const run = build(SITE, { GITHUB_REF: 'refs/heads/main', GITHUB_EVENT_NAME: 'push' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('(La construction de production les refuse : npm run build -- --production.)');
  });
});
