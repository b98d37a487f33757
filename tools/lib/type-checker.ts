/**
 * The compiler that checks the project's types: TypeScript 7 (package `typescript-native`, an
 * alias of typescript@7), the native port, which checks the whole project in 10.6 CPU-s where
 * TypeScript 5.9 took 27.9, with the same strict rules and no error on this code. TypeScript 5.9
 * stays the `typescript` package for its compiler API (tools/lib/layers.ts reads the import graph
 * with it, tools/code-figures.ts measures functions): 7.0 does not export that API. Both packages
 * name their command `tsc`, so it is always called by this path.
 */
export const TYPE_CHECKER = 'node_modules/typescript-native/bin/tsc';
