import { CORE_SCHEMA, defineMappingTag, loadAll, mapTag, YAMLException } from 'js-yaml';

/** js-yaml's reason for a second document after `...`; `load` has no position for it either. */
export const MULTIPLE_DOCUMENTS = 'expected a single document in the stream, but found more';
/** The reason given for `: value`, a field without a name. */
export const EMPTY_KEY = 'a mapping key is empty';

/** YAML 1.2 reads `: value` as a field named null, which js-yaml would store as "null": a header field has a name. */
const namedFieldsMap = defineMappingTag(mapTag.tagName, {
  ...mapTag,
  addPair: (map, key, value) => (key === null ? EMPTY_KEY : mapTag.addPair(map, key, value)),
});
const SCHEMA = CORE_SCHEMA.withTags(namedFieldsMap);

/**
 * The values of a YAML header, as every reader of the project reads them (the build, `npm run new`,
 * the editor): js-yaml 5 with YAML 1.2's core schema, so `no` and `on` are text, `010` ten, `0o10`
 * eight and an unquoted date a text. A syntax error throws a `YAMLException` whose `mark.position`
 * is its offset in `text` (positions.ts says where and what, in French).
 */
export function readYaml(text: string): unknown {
  // js-yaml shares an alias's value instead of copying it: a few nested aliases would have every
  // walk over the values (tokens, spacing, zod) run for ever. Nothing the site or its editor writes uses one.
  const documents = loadAll(text, { schema: SCHEMA, maxAliases: 0 });
  if (documents.length > 1) throw new YAMLException(MULTIPLE_DOCUMENTS);
  return documents[0] ?? null;
}
