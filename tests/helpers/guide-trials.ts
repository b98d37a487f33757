/**
 * What GUIDE.md shows, tried: its commands run in a copy of the project, its sample messages
 * compared with what the build prints for the edit the guide describes (conventions in
 * tests/helpers/guide-blocks.ts). The real project is never touched.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { runBuild } from '../../src/cli/run-build.ts';
import type { QuoteDelivery } from '../../src/shared/quote/quote-schema.ts';
import { checkWebhook } from '../../tools/lib/check-webhook-run.ts';
import { TEST_PHOTOS } from '../../tools/lib/photo-content.ts';
import type { Trial } from './guide-blocks.ts';
import { copyProject } from './project-copy.ts';
import { holdDecapPort } from './decap-port.ts';
import { linkTree } from './link-tree.ts';
import { shared } from './shared-site.ts';
import { hermeticEnv } from './hermetic-env.ts';
import { SITE_DIR } from './fixture-site.ts';

const ROOT = join(import.meta.dirname, '../..');

/** A copy of the project an editor would have after `npm ci`: code, content, tools and the CLI bundle. */
export function editorCopy(): string {
  const { dir } = copyProject('guide-');
  // Not what the benchmark generated and installed there (tools/bench/.work, the peers' node_modules: 600 Mo after a bench).
  const ours = (path: string) => !/[/\\](\.work|node_modules)$/.test(path);
  for (const part of ['tools', '.cli']) if (existsSync(join(ROOT, part))) cpSync(join(ROOT, part), join(dir, part), { recursive: true, filter: ours });
  // The run's cache where `npm run build` keeps its own: the guide's first build draws no card the run already drew.
  linkTree(shared().cacheDir, join(dir, '.cache/build'));
  return dir;
}

export interface Ran {
  status: number | null;
  output: string;
}

/** A command of the guide, in a shell, in `dir`: stdout and stderr as one text, as the terminal shows them. */
export function runCommand(command: string, dir: string): Promise<Ran> {
  const child = spawn('sh', ['-c', `${command} 2>&1`], { cwd: dir, env: quietEnv(), timeout: 90_000 });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.on('close', (status) => done({ status, output })));
}

/** No update notices nor funding lines from npm: the editor's terminal, minus the noise. */
const quietEnv = (extra: Record<string, string> = {}) => hermeticEnv({ npm_config_update_notifier: 'false', npm_config_fund: 'false', ...extra });

/** A server of the guide (npm run dev…): started on a free port, its first page asked for, then stopped. */
export async function tryServer(command: string, dir: string): Promise<{ url: string; status: number; output: string }> {
  const release = /\bnpm run cms\b/.test(command) ? await holdDecapPort() : undefined;
  try {
    return await serveOnce(command, dir);
  } finally {
    release?.();
  }
}

async function serveOnce(command: string, dir: string): Promise<{ url: string; status: number; output: string }> {
  const port = await freePort();
  const child = spawn('sh', ['-c', `exec ${command}`], { cwd: dir, env: quietEnv({ PORT: String(port) }), detached: true });
  let output = '';
  try {
    const url = await new Promise<string>((found, failed) => {
      const timer = setTimeout(() => failed(new Error(`aucune adresse après 60 s :\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const url = /http:\/\/(?:localhost|127\.0\.0\.1):\d+\S*/.exec(output)?.[0];
        if (url) {
          clearTimeout(timer);
          found(url.replace(/[.,)]$/, ''));
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => failed(new Error(`arrêté (${code}) avant de servir :\n${output}`)));
    });
    const response = await fetch(url);
    return { url, status: response.status, output };
  } finally {
    const stopped = new Promise((done) => child.once('exit', done));
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await stopped;
  }
}

const freePort = () =>
  new Promise<number>((found) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => found(port));
    });
  });

/**
 * A content folder that samples are tried on, one edit after another: each sample's edits are
 * made, the build runs in this process (its cache kept, so only the edited file is read again),
 * then the files are put back.
 */
export class SampleBench {
  readonly root = mkdtempSync(join(tmpdir(), 'guide-essais-'));
  readonly content = join(this.root, 'content');
  private readonly out = join(this.root, 'dist');
  private readonly cache = join(this.root, 'cache');

  constructor() {
    cpSync(SITE_DIR, this.content, { recursive: true });
    // The run's warm cache: the first sample's build draws no share card the run already drew.
    linkTree(shared().cacheDir, this.cache);
  }

  /** What the terminal shows for the trials' edits and command, paths as an editor in the project reads them. */
  async printed(trials: Trial[]): Promise<string> {
    const undo: (() => void)[] = [];
    try {
      for (const t of trials) if (t.fichier) undo.push(this.edit(t));
      const command = trials.find((t) => t.commande)?.commande ?? 'build';
      const env = Object.fromEntries(trials.flatMap((t) => (t.env ? t.env.split(' ') : [])).map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
      const output = command === 'check:webhook' ? await this.checkWebhook(trials, env) : await this.build(trials.some((t) => 'production' in t), env);
      return this.asEditorReads(output);
    } finally {
      for (const u of undo.reverse()) u();
    }
  }

  close() {
    rmSync(this.root, { recursive: true, force: true });
  }

  /**
   * One edit: `remplacer`/`par` (the first occurrence), `supprimer` (the line that holds it, and
   * `lignes` lines in all), `ajouter` (at the end), `effacer` (the file itself), or `source` (that
   * test photo copied to `fichier`).
   */
  private edit(t: Trial): () => void {
    const path = join(this.root, t.fichier!);
    if (t.source !== undefined) {
      mkdirSync(dirname(path), { recursive: true });
      copyFileSync(join(TEST_PHOTOS, t.source), path);
      return () => rmSync(path);
    }
    const before = readFileSync(path, 'utf8');
    if ('effacer' in t) {
      rmSync(path);
      return () => writeFileSync(path, before);
    }
    let after = before;
    if (t.remplacer !== undefined) {
      if (!before.includes(t.remplacer)) throw new Error(`${t.fichier} ne contient pas « ${t.remplacer} » : l’essai du guide ne peut pas être fait`);
      after = before.replace(t.remplacer, () => t.par ?? '');
    }
    if (t.supprimer !== undefined) {
      const lines = after.split('\n');
      const at = lines.findIndex((l) => l.includes(t.supprimer!));
      if (at < 0) throw new Error(`${t.fichier} n’a aucune ligne qui contient « ${t.supprimer} »`);
      lines.splice(at, Number(t.lignes ?? 1));
      after = lines.join('\n');
    }
    if (t.ajouter !== undefined) after += t.ajouter;
    if (after === before) throw new Error(`l’essai ne change rien à ${t.fichier}`);
    writeFileSync(path, after);
    return () => writeFileSync(path, before);
  }

  private async build(production: boolean, env: Record<string, string>): Promise<string> {
    const printed: string[] = [];
    const saved = { log: console.log, warn: console.warn, error: console.error };
    const savedEnv = { SITE_URL: process.env.SITE_URL, QUOTE_WEBHOOK_URL: process.env.QUOTE_WEBHOOK_URL, GITHUB_ACTIONS: process.env.GITHUB_ACTIONS };
    console.log = console.warn = console.error = (...args: unknown[]) => void printed.push(args.join(' '));
    delete process.env.SITE_URL;
    delete process.env.QUOTE_WEBHOOK_URL;
    delete process.env.GITHUB_ACTIONS;
    Object.assign(process.env, env);
    try {
      await runBuild({ contentDir: this.content, outDir: this.out, cacheDir: this.cache, production, threads: 1 });
    } finally {
      Object.assign(console, saved);
      for (const [k, v] of Object.entries(savedEnv)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    return printed.join('\n');
  }

  /** `npm run check:webhook` against a webhook played here: `webhook="200"` (or 404, 500…) answers that, `webhook="aucun"` listens nowhere. */
  private async checkWebhook(trials: Trial[], env: Record<string, string>): Promise<string> {
    const answer = trials.find((t) => t.webhook)?.webhook ?? '200';
    let server: Server | undefined;
    let url: string;
    if (answer === 'aucun') url = `http://127.0.0.1:${await freePort()}/webhook`;
    else {
      server = createServer((request, response) => {
        request.resume();
        request.on('end', () => response.writeHead(Number(answer)).end());
      });
      await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
    }
    try {
      const delivery = trials.find((t) => t.mode)?.mode as QuoteDelivery | undefined;
      // The command's own function, in this process (tests/server/check-webhook.test.ts runs the command itself).
      const report = await checkWebhook({ contentDir: this.content, delivery, env: hermeticEnv({ QUOTE_WEBHOOK_URL: url, ...env }) });
      return report.lines.map((l) => l.text).join('\n');
    } finally {
      await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
    }
  }

  /** The copy's paths as the editor's terminal shows them, from the project's folder: content/…, dist/. */
  private asEditorReads(text: string): string {
    return text.replaceAll(`${relative(process.cwd(), this.root)}/`, '').replaceAll(`${this.root}/`, '');
  }
}
