/**
 * The shape of a strings table with its texts widened to `string`: another language's table typed
 * with it must have every key of the French one and no other (a missing string does not compile).
 */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : { readonly [K in keyof T]: Widen<T[K]> };
