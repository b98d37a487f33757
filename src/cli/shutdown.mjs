/**
 * How every command that keeps a server running stops (`start`, `serve`, `dev` and its launcher,
 * and any server command to come): once, cleanly, whatever asked it to.
 *
 * - SIGINT (Ctrl+C), SIGTERM (`kill PID`, npm passing on a signal) and SIGHUP (the terminal
 *   closed) run `stop`, which closes what the command holds (its server, watchers, child
 *   process), then the process exits with the signal's code (130, 143, 129). A second Ctrl+C
 *   while stopping exits at once; `stop` gets GRACE_MS before the exit is forced.
 * - npm runs a script in a shell (`sh -c "node bin/cli.mjs start"`) and passes SIGTERM and SIGINT
 *   on to that shell only: dash dies of SIGTERM and waits out SIGINT, and neither reached the
 *   server, which stayed, orphaned, holding the port. The server scripts of package.json therefore
 *   `exec` node, which takes the shell's place and gets npm's signals itself. Should the parent
 *   still vanish without a word (npm killed with SIGKILL, a shell that does not exec), a process
 *   started by npm or by the preview's launcher stops when its parent is gone.
 *
 * Plain JavaScript: the launcher (bin/cli.mjs) uses it before any bundle exists.
 */

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
const GRACE_MS = 3000;
/** How often the parent is looked at: a stopped server frees its port within this. */
const PARENT_CHECK_MS = 200;

/** @param {(signal: NodeJS.Signals) => unknown} stop closes what the command holds; may return a promise */
export function stopOnSignals(stop) {
  /** @type {NodeJS.Signals | undefined} */
  let stopping;
  /** @param {NodeJS.Signals} signal */
  const shutdown = (signal) => {
    const code = EXIT_CODES[/** @type {keyof typeof EXIT_CODES} */ (signal)] ?? 143;
    if (stopping) {
      // Someone pressing Ctrl+C again wants out now; a forwarded SIGTERM is the same request.
      if (signal === 'SIGINT' && stopping === 'SIGINT') process.exit(code);
      return;
    }
    stopping = signal;
    setTimeout(() => process.exit(code), GRACE_MS).unref();
    Promise.resolve()
      .then(() => stop(signal))
      .then(
        () => process.exit(code),
        (error) => {
          console.error(error);
          process.exit(code);
        },
      );
  };
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, () => shutdown(signal));
  if (process.env.npm_lifecycle_event || process.env.DEV_SUPERVISED) {
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && shutdown('SIGTERM'), PARENT_CHECK_MS).unref();
  }
}
