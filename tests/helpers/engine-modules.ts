/**
 * Run as its own process (`node --import tsx/esm tests/helpers/engine-modules.ts OPTIONS`): one
 * build with the options given as JSON, then prints, as JSON, every module of src/engine/ the
 * process loaded, relative to the project. A test process has loaded too much already to tell.
 */
import { registerHooks } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const loaded = new Set<string>();
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    if (resolved.url.startsWith('file:')) loaded.add(relative(ROOT, fileURLToPath(resolved.url)));
    return resolved;
  },
});

const { BuildEngine } = await import('../../src/engine/index.ts');
const engine = new BuildEngine(JSON.parse(process.argv[2]!));
try {
  await engine.build();
} finally {
  await engine.close();
}
console.log(JSON.stringify([...loaded].filter((path) => path.startsWith('src/engine/')).sort()));
