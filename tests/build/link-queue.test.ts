import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStamp, LinkQueue } from '../../src/engine/index.ts';

function storedPage(): { dir: string; page: string } {
  const dir = mkdtempSync(join(tmpdir(), 'links-'));
  const page = join(dir, 'page');
  writeFileSync(page, '<!DOCTYPE html><title>Aylmer</title>');
  return { dir, page };
}

describe('LinkQueue', () => {
  it('has its own thread make many links, folders included, and gives each file’s stamp in order', async () => {
    const { dir, page } = storedPage();
    const queue = new LinkQueue(100);
    const targets = Array.from({ length: 1500 }, (_, i) => join(dir, 'site', `ville-${i % 30}`, `${i}.html`));
    targets.forEach((to, i) => expect(queue.add(page, to)).toBe(i));
    const stats = await queue.finish();
    expect(queue.madeBy).toBe('thread');
    expect(readFileSync(targets[1499]!, 'utf8')).toContain('Aylmer');
    expect(statSync(targets[750]!).ino).toBe(statSync(page).ino);
    expect(stats).toHaveLength(1500);
    expect(stats[1499]).toBe(fileStamp(targets[1499]!, 'portable'));
  });

  it('makes a few links itself rather than start a thread', async () => {
    const { dir, page } = storedPage();
    const queue = new LinkQueue(100);
    queue.add(page, join(dir, 'a', 'index.html'));
    const stats = await queue.finish();
    expect(queue.madeBy).toBe('caller');
    expect(stats).toEqual([fileStamp(page, 'portable')]);
  });

  it('fails with the file system’s own error when a link cannot be made', async () => {
    const { dir, page } = storedPage();
    const queue = new LinkQueue(1);
    queue.add(join(dir, 'absente'), join(dir, 'a.html'));
    queue.add(page, join(dir, 'b.html'));
    await expect(queue.finish()).rejects.toThrow(/ENOENT/);
  });
});
