import type { BrowserContext, Page, Route } from 'playwright-core';

export interface ScriptGate {
  /** Island chunks asked for so far and still held. */
  held(): number;
  /** Waits until the page has asked for at least `count` held chunks. */
  requested(count?: number): Promise<void>;
  /** Lets every held chunk through, and every later one. */
  release(): Promise<void>;
}

/**
 * Holds every script file at the network until the test releases it: the islands' chunks (the
 * entry, which holds the visitor's early taps and keys, is in the page itself). "The island has
 * not woken yet" is then a state the test sets, whatever the machine's speed, instead of a delay
 * that a loaded machine outruns.
 */
export async function gateScripts(target: Page | BrowserContext): Promise<ScriptGate> {
  const waiting: Route[] = [];
  const watchers: (() => void)[] = [];
  let asked = 0;
  let open = false;
  await target.route('**/*.js', async (route) => {
    if (open) return route.fallback();
    asked++;
    waiting.push(route);
    for (const notify of watchers.splice(0)) notify();
  });
  const requested = async (count = 1): Promise<void> => {
    while (asked < count) await new Promise<void>((notify) => watchers.push(notify));
  };
  return {
    held: () => waiting.length,
    requested,
    async release() {
      open = true;
      // fallback: a route the test set earlier (a fixture page's script) still answers.
      await Promise.all(waiting.splice(0).map((route) => route.fallback()));
    },
  };
}
