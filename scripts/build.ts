import { parseArgs } from 'node:util';
import { runBuild } from '../src/build/run-build.ts';

const { values } = parseArgs({
  options: {
    content: { type: 'string', default: 'content' },
    out: { type: 'string', default: 'dist' },
    cache: { type: 'string', default: '.cache/build' },
    'no-cache': { type: 'boolean', default: false },
    threads: { type: 'string' },
    production: { type: 'boolean', default: false },
  },
});

const ok = await runBuild({
  contentDir: values.content,
  outDir: values.out,
  cacheDir: values['no-cache'] ? null : values.cache,
  ...(values.threads ? { threads: Number(values.threads) } : {}),
  // A push to main deploys: it is a production build even if nobody typed --production.
  production: values.production || process.env.GITHUB_REF === 'refs/heads/main',
});
process.exit(ok ? 0 : 1);
