import { parseArgs } from 'node:util';
import { runBuild } from '../src/build/run-build.ts';

const { values } = parseArgs({
  options: {
    content: { type: 'string', default: 'content' },
    out: { type: 'string', default: 'dist' },
    cache: { type: 'string', default: '.cache/build' },
    'no-cache': { type: 'boolean', default: false },
    threads: { type: 'string' },
  },
});

const ok = await runBuild({
  contentDir: values.content,
  outDir: values.out,
  cacheDir: values['no-cache'] ? null : values.cache,
  ...(values.threads ? { threads: Number(values.threads) } : {}),
});
process.exit(ok ? 0 : 1);
