/** Files or pages per message to a build thread: few messages, yet every thread busy until the end. */
export const BATCH = 100;

/** Share cards per message to a build thread (~35 ms each): every thread busy until the last ones. */
export const CARD_BATCH = 10;

export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
