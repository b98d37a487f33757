import { build } from 'esbuild';
const r = await build({ entryPoints: { entry: 'src/client/_exp.ts' }, bundle: true, splitting: true, format: 'esm', platform: 'browser', target: ['es2020'], minify: true, outdir: '/assets', write: false, chunkNames: 'chunk-[hash]', metafile: true });
for (const f of r.outputFiles) if (f.path.includes('entry')) console.log(f.text.match(/import"[^"]+"|from"[^"]+"/g));
console.log(Object.keys(r.metafile.outputs));
