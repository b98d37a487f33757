import { join } from 'node:path';
import { PROJECT_ROOT } from '../engine/index.ts';

/**
 * The sources the preview's own process runs (server, engine, templates, content code), found by
 * esbuild as it would bundle them: a save in one of them needs new code in this process, while a
 * file only the client bundle holds is rebuilt in place.
 */
export async function serverInputs(): Promise<Set<string>> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [join(PROJECT_ROOT, 'src/cli/dev.ts'), join(PROJECT_ROOT, 'src/engine/incremental/threads/worker.ts')],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    outdir: join(PROJECT_ROOT, '.cache/server-inputs'),
    logLevel: 'silent',
  });
  return new Set(Object.keys(result.metafile.inputs).map((p) => join(PROJECT_ROOT, p)));
}
