import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

function stat(pid: string): { ppid: number; comm: string; ticks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After the name: state, ppid, … utime (14th field overall) and stime (15th).
    return { ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/**
 * The CPU time, in milliseconds, used so far by the workerd processes this process started
 * (Miniflare's): read from /proc, so what the Worker's isolates, D1 and the queues cost, counted
 * by the kernel rather than by the Worker's own clock, which workerd freezes while code runs.
 */
export function workerdCpuMs(root = process.pid): number {
  const all = readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map((pid) => ({ pid: Number(pid), ...stat(pid) }));
  const mine = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) if (p.ppid !== undefined && mine.has(p.ppid) && !mine.has(p.pid)) mine.add(p.pid), (grew = true);
  }
  return (all.filter((p) => mine.has(p.pid) && p.comm === 'workerd').reduce((sum, p) => sum + (p.ticks ?? 0), 0) * 1000) / TICKS_PER_S;
}
