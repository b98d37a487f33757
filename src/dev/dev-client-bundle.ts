import { join } from 'node:path';
import { PROJECT_ROOT } from '../engine/index.ts';

/** Where a page of the preview gets its script and the error overlay's look. */
export const CLIENT_PATH = '/__dev/client.js';
export const OVERLAY_CSS_PATH = '/__dev/overlay.css';

/** A page as the preview serves it: with its script. Only these pages carry it; `npm run build` output never does. */
export function withDevClient(html: string): string {
  return html.replace('</head>', `<link rel="stylesheet" href="${OVERLAY_CSS_PATH}"><script type="module" src="${CLIENT_PATH}"></script></head>`);
}

/** The live preview's page script (src/dev/client.ts with morphdom), bundled when the preview starts. */
export async function bundleDevClient(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [join(PROJECT_ROOT, 'src/dev/client.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** The error overlay's look: a file, since the site's CSP allows no inline style. */
export const OVERLAY_CSS = `
#dev-overlay { position: fixed; inset: auto 1rem 1rem 1rem; z-index: 2147483647; max-height: 60vh; overflow: auto;
  background: #fff8f6; color: #3b0d0c; border: 2px solid #b3261e; border-radius: 0.5rem; padding: 1rem 1.25rem;
  font: 15px/1.45 system-ui, sans-serif; box-shadow: 0 10px 30px rgb(0 0 0 / 0.25); }
#dev-overlay h2 { margin: 0 0 0.5rem; font-size: 1.1rem; }
#dev-overlay ul { margin: 0 0 0.5rem; padding-left: 1.2rem; }
#dev-overlay li { margin: 0.25rem 0; }
#dev-overlay code { font: 13px/1.4 ui-monospace, monospace; background: #fde7e4; padding: 0 0.25rem; border-radius: 0.2rem; }
#dev-overlay button { font: inherit; padding: 0.3rem 0.8rem; border: 1px solid #b3261e; background: #fff; border-radius: 0.3rem; cursor: pointer; }
`;
