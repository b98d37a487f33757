import type * as z from 'zod';

/** The parts of a zod 4 schema's definition that lead from an object to what it holds. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
}

const def = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a value at this place may take, wrappers (optional, default, pipe, lazy) removed. */
function unwrap(schema: z.ZodType): z.ZodType[] {
  const d = def(schema);
  if (d.innerType) return unwrap(d.innerType);
  if (d.type === 'pipe' && d.in) return unwrap(d.in);
  if (d.type === 'lazy' && d.getter) return unwrap(d.getter());
  if (d.type === 'union' && d.options) return d.options.flatMap(unwrap);
  return [schema];
}

/**
 * The keys a schema allows for the object at `path` of the data (`['faq', 0]` → question, answer),
 * read from the schema itself so a field added to a schema is suggested with no list to keep.
 * Empty when the path leads to no object.
 */
export function knownKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let here = unwrap(schema);
  for (const step of path) {
    here = here.flatMap((s) => {
      const d = def(s);
      if (d.type === 'array' && d.element && typeof step === 'number') return unwrap(d.element);
      const next = d.type === 'object' && typeof step === 'string' ? d.shape?.[step] : undefined;
      return next ? unwrap(next) : [];
    });
  }
  return [...new Set(here.flatMap((s) => Object.keys(def(s).shape ?? {})))];
}
