/** A copy of `value` with `change` applied to every string in it, at any depth. */
export function mapStrings<T>(value: T, change: (text: string, path: PropertyKey[]) => string): T {
  const walk = (v: unknown, path: PropertyKey[]): unknown => {
    if (typeof v === 'string') return change(v, path);
    if (Array.isArray(v)) return v.map((item, i) => walk(item, [...path, i]));
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item, [...path, k])]));
    }
    return v;
  };
  return walk(value, []) as T;
}
