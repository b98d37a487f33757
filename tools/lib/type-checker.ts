/**
 * The compiler that checks the project's types: TypeScript 7 (package `typescript-native`, an
 * alias of typescript@7), the native port, which checks the whole project in 10.6 CPU-s where
 * TypeScript 5.9 took 27.9, with the same strict rules and no error on this code. TypeScript 5.9
 * stays the `typescript` package for its compiler API (tools/lib/layers.ts reads the import graph
 * with it, tools/code-figures.ts measures functions): 7.0 does not export that API. Both packages
 * name their command `tsc`, so it is always called by this path.
 */
const TYPE_CHECKER = 'node_modules/typescript-native/bin/tsc';

/**
 * The check as the tests run it: `--noEmit`, on one thread. Each of its default parallel checkers
 * redoes work the others share: on this 2-core machine a whole check costs 9.9 to 11.1 CPU-s on
 * them against 6.1 to 6.8 on one thread, which is no slower (5.4–6.0 s against 6.0–6.6), and after
 * a comment changed in a module many files import, 7.1 CPU-s against 1.9. Beside the other test
 * files, processor time is what the suite waits for.
 */
export const TYPE_CHECK = [TYPE_CHECKER, '--noEmit', '--singleThreaded'];
