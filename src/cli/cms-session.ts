import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { type DevServer, startDevServer } from '../dev/dev-server.ts';
import { PROJECT_ROOT } from '../engine/index.ts';
import { DECAP_SERVER_PORT } from '../shared/settings.ts';
import { previewDataFiles } from '../admin/preview/preview-data.ts';
import { adminFor } from './admin-build.ts';


export interface CmsSessionOptions {
  /** The content folder, named `content` (the generated collections name content/…): its parent is the working copy decap-server writes to. */
  contentDir: string;
  port: number;
  leadsFile: string;
  cacheDir?: string | null;
  log?: (line: string) => void;
}

export interface CmsSession {
  url: string;
  dev: DevServer;
  close(): Promise<void>;
}

function startDecapServer(repoDir: string, output: string[]): ChildProcess {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'node_modules/decap-server/dist/index.js')], {
    env: { ...process.env, PORT: String(DECAP_SERVER_PORT), BIND_HOST: '127.0.0.1', MODE: 'fs', GIT_REPO_DIRECTORY: repoDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
  return child;
}

async function waitForDecapServer(child: ChildProcess, output: string[]): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`decap-server s’est arrêté (code ${child.exitCode}) :\n${output.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${DECAP_SERVER_PORT}/api/v1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"info"}' }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`decap-server ne répond pas sur le port ${DECAP_SERVER_PORT} :\n${output.join('')}`);
}

/**
 * `npm run cms`: the live preview with the web editor at /admin/, and decap-server (Decap's local
 * backend) writing straight into the working copy: a save changes the file, and the open page with it.
 */
export async function startCmsSession(options: CmsSessionOptions): Promise<CmsSession> {
  const contentDir = resolve(options.contentDir);
  const output: string[] = [];
  const decap = startDecapServer(dirname(contentDir), output);
  const stop = () =>
    new Promise<void>((done) => {
      if (decap.exitCode !== null || decap.signalCode !== null) return done();
      decap.once('exit', () => done());
      decap.kill('SIGTERM');
    });
  try {
    const [admin] = await Promise.all([adminFor(contentDir, options.cacheDir), waitForDecapServer(decap, output)]);
    const dev = await startDevServer({
      contentDir,
      port: options.port,
      host: '127.0.0.1',
      leadsFile: options.leadsFile,
      extraFiles: admin,
      buildFiles: (result) => previewDataFiles(result.data),
      ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
    return { url: dev.url, dev, close: async () => void (await Promise.all([dev.close(), stop()])) };
  } catch (error) {
    await stop();
    throw error;
  }
}
