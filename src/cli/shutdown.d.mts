/** Runs `stop` once on SIGINT, SIGTERM or SIGHUP, or when the parent npm started it under is gone, then exits. */
export declare function stopOnSignals(stop: (signal: NodeJS.Signals) => unknown): void;
