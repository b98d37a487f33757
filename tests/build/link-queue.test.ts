import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStamp, LinkQueue, RACY_MS } from '../../src/engine/index.ts';

/** A page stored by an earlier build: its last change an hour back, unless `justWritten`. */
function storedPage(justWritten = false): { dir: string; page: string } {
  const dir = mkdtempSync(join(tmpdir(), 'links-'));
  const page = join(dir, 'page');
  writeFileSync(page, '<!DOCTYPE html><title>Aylmer</title>');
  // Just written: still within the clock's tick when the link is stamped, however slow the machine.
  const changed = justWritten ? (Date.now() + RACY_MS / 2) / 1000 : Date.now() / 1000 - 3600;
  utimesSync(page, changed, changed);
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

  it('gives no stamp for a link to a file written within the clock’s tick', async () => {
    const { dir, page } = storedPage(true);
    const queue = new LinkQueue(100);
    queue.add(page, join(dir, 'a', 'index.html'));
    expect(await queue.finish()).toEqual([undefined]);
    expect(readFileSync(join(dir, 'a', 'index.html'), 'utf8')).toContain('Aylmer');
  });

  it('fails with the file system’s own error when a link cannot be made', async () => {
    const { dir, page } = storedPage();
    const queue = new LinkQueue(1);
    queue.add(join(dir, 'absente'), join(dir, 'a.html'));
    queue.add(page, join(dir, 'b.html'));
    await expect(queue.finish()).rejects.toThrow(/ENOENT/);
  });
});
