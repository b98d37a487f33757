import { launchChromiumEngine } from './chromium.ts';
import { launchFirefoxEngine } from './firefox.ts';
import { ENGINE_NAMES, type Engine, type EngineName, type EnginePage } from './types.ts';
import { launchWebKitEngine } from './webkit.ts';

export type { Engine, EngineName, EnginePage, KeyName, PageOptions } from './types.ts';

const LAUNCHERS: Record<EngineName, () => Promise<Engine>> = {
  chromium: launchChromiumEngine,
  webkit: launchWebKitEngine,
  firefox: launchFirefoxEngine,
};

export const launchEngine = (name: EngineName): Promise<Engine> => LAUNCHERS[name]();

/**
 * The engines to run, `ENGINES=webkit` or `ENGINES=chromium,firefox` (all three by default), kept
 * within `among` for a suite that runs only some. An unknown name fails the run instead of
 * silently testing nothing.
 */
export function selectedEngines(among: readonly EngineName[] = ENGINE_NAMES): EngineName[] {
  const asked = process.env.ENGINES?.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (!asked?.length) return [...among];
  const unknown = asked.filter((name) => !(ENGINE_NAMES as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`ENGINES : moteur inconnu ${unknown.join(', ')} (connus : ${ENGINE_NAMES.join(', ')})`);
  return among.filter((name) => asked.includes(name));
}

/**
 * Polls `fn` in the page until it returns `expected` (deep equality on JSON), or fails with the
 * last value seen: the same wait in every engine, whichever client drives it. A page between two
 * documents (a link just followed) cannot answer: that is a value to wait past, not a failure.
 */
export async function waitFor<R, A = undefined>(page: EnginePage, fn: (arg: A) => R, expected: Awaited<R>, arg?: A, timeout = 30_000): Promise<void> {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    last = await page.evaluate(fn, arg).catch((error: Error) => `(no answer: ${error.message.split('\n')[0]})`);
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    if (Date.now() - started > timeout) throw new Error(`waited ${timeout} ms for ${JSON.stringify(expected)}, last saw ${JSON.stringify(last)}\n  in: ${fn}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}
