import { join } from 'node:path';
import { contentHash } from '../shared/hash.ts';
import { cmsConfig, type CmsOptions } from './cms-config.ts';

export interface AdminOptions extends CmsOptions {
  /** The project's folder, where src/admin/main.tsx and node_modules are. */
  root: string;
}

/** The page an editor opens: no content of its own, one script, kept out of search engines. */
function adminPage(script: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Modifier le site</title>
<script type="module" src="/admin/${script}"></script>
</head>
<body></body>
</html>
`;
}

/**
 * dist/admin.html (served at /admin) and dist/admin/: the editor's page and its one bundle (Decap CMS with the site's own React, the
 * minimal-diff format and the generated configuration), under /admin/ only, where no public page
 * links: nothing of it is downloaded anywhere else.
 */
export async function adminFiles(options: AdminOptions): Promise<Map<string, Uint8Array>> {
  return (await adminBundle(options)).files;
}

/** The editor's files, and the source files esbuild read to make them (relative to `root`): what a cached copy depends on. */
export async function adminBundle({ root, ...options }: AdminOptions): Promise<{ files: Map<string, Uint8Array>; inputs: string[] }> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'src/admin/main.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // Top-level await (the stylesheet is looked up before Decap starts).
    target: ['es2022', 'chrome100', 'safari15', 'firefox100'],
    minify: true,
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': '"production"',
      global: 'globalThis',
      CMS_CONFIG: JSON.stringify(cmsConfig(options)),
    },
    // The preview parses entries with the build's content code, which resolves photo paths with node:path's posix rules.
    alias: { 'node:path': 'path-browserify' },
    loader: { '.js': 'jsx', '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.svg': 'dataurl' },
    write: false,
    outdir: '/admin',
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    metafile: true,
  });
  const bytes = result.outputFiles[0]!.contents;
  const script = `cms-${contentHash(bytes)}.js`;
  const files = new Map([
    ['admin.html', new TextEncoder().encode(adminPage(script))],
    [`admin/${script}`, bytes],
  ]);
  // Not files: the configuration defined in, and node built-ins the browser build leaves out.
  return { files, inputs: Object.keys(result.metafile.inputs).filter((path) => !/^[<(]/.test(path)) };
}
