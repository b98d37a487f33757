import { describe, expect, it } from 'vitest';
import { choosePath, eventRange, pathSummary } from '../../tools/ci/choose-path.mjs';

describe('the workflow’s path for a commit', () => {
  it('takes the content path when only content/ or public/ changed, and says so', () => {
    const decision = choosePath(['content/cities/aylmer.md', 'public/favicon-32.png']);
    expect(decision.path).toBe('content');
    const summary = pathSummary(decision);
    expect(summary).toMatch(/^### Chemin du contenu/);
    expect(summary).toContain('- `content/cities/aylmer.md`');
  });

  it('takes the full path for any other file, naming the first', () => {
    const decision = choosePath(['content/site.md', 'src/render/pages/home.tsx', 'package.json']);
    expect(decision).toMatchObject({ path: 'full', why: expect.stringContaining('src/render/pages/home.tsx') });
    expect(pathSummary(decision)).toMatch(/^### Chemin complet\n\nPremier fichier hors de content\/ et public\/ : src\/render\/pages\/home\.tsx\n/);
    expect(choosePath(['contents.md']).path).toBe('full');
  });

  it('takes the full path when the changes are unknown or empty', () => {
    expect(choosePath(undefined)).toMatchObject({ path: 'full', why: expect.stringContaining('inconnus') });
    expect(choosePath([]).path).toBe('full');
  });

  it('lists ten files in the summary and counts the rest', () => {
    const files = Array.from({ length: 13 }, (_, i) => `content/cities/ville-${i}.md`);
    const summary = pathSummary(choosePath(files));
    expect(summary.match(/^- `/gm)).toHaveLength(10);
    expect(summary).toContain('- … et 3 autres');
  });

  it('diffs a push from the commit before it, a pull request from its base, and knows no range for a first push', () => {
    expect(eventRange('push', { before: 'aaa', after: 'bbb' }, 'bbb')).toBe('aaa..bbb');
    expect(eventRange('push', { before: '0'.repeat(40) }, 'bbb')).toBeUndefined();
    expect(eventRange('pull_request', { pull_request: { base: { sha: 'aaa' }, head: { sha: 'ccc' } } }, 'merge')).toBe('aaa...ccc');
    expect(eventRange('workflow_dispatch', {}, 'bbb')).toBeUndefined();
  });
});
