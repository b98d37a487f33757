import './lib/production.ts';
import { parseArgs } from 'node:util';
import { runBuild } from '../src/build/run-build.ts';

const { values } = parseArgs({
  options: {
    content: { type: 'string', default: 'content' },
    out: { type: 'string', default: 'dist' },
  },
});

const ok = await runBuild({ contentDir: values.content, outDir: values.out });
process.exit(ok ? 0 : 1);
