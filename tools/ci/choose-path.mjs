#!/usr/bin/env node
/**
 * Which path the workflow takes for a commit: a change of content/ or public/ only takes the
 * content path (build, content checks, HTML and accessibility checks of the pages rendered again,
 * the Worker's dry run), anything else the full one. Plain JavaScript with no dependency: the
 * workflow runs it before `npm ci`.
 *
 *   node tools/ci/choose-path.mjs   # on GitHub: writes `path=…` to $GITHUB_OUTPUT and a line to the job summary
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const CONTENT_DIRS = ['content/', 'public/'];

/** Files named in the summary before the rest is counted. */
const SHOWN = 10;

/**
 * The path for a set of changed files; `undefined` when the changes are unknown (a first push, a
 * base the clone does not have). Pure.
 * @param {string[] | undefined} files
 * @returns {{ path: 'content' | 'full', why: string, files: string[] }}
 */
export function choosePath(files) {
  if (files === undefined) return { path: 'full', why: 'Fichiers modifiés inconnus (premier envoi, ou base absente du clone).', files: [] };
  if (files.length === 0) return { path: 'full', why: 'Aucun fichier modifié.', files };
  const other = files.find((file) => !CONTENT_DIRS.some((dir) => file.startsWith(dir)));
  if (other) return { path: 'full', why: `Premier fichier hors de ${CONTENT_DIRS.join(' et ')} : ${other}`, files };
  return { path: 'content', why: `Seuls ${CONTENT_DIRS.join(' et ')} ont changé.`, files };
}

/**
 * The job summary's lines for a decision.
 * @param {{ path: 'content' | 'full', why: string, files: string[] }} decision
 */
export function pathSummary({ path, why, files }) {
  const title = path === 'content' ? 'Chemin du contenu' : 'Chemin complet';
  const listed = files.slice(0, SHOWN).map((file) => `- \`${file}\``);
  if (files.length > SHOWN) listed.push(`- … et ${files.length - SHOWN} autres`);
  return `### ${title}\n\n${why}\n${listed.length > 0 ? `\n${listed.join('\n')}\n` : ''}`;
}

const NO_COMMIT = /^0+$/;

/**
 * The range GitHub's event names: a push, from the commit before it to this one; a pull request,
 * from where it left its base to its head. `undefined` when there is none.
 * @param {string} event
 * @param {any} payload
 * @param {string} sha
 * @returns {string | undefined}
 */
export function eventRange(event, payload, sha) {
  if (event === 'push') return payload.before && !NO_COMMIT.test(payload.before) ? `${payload.before}..${sha}` : undefined;
  if (event === 'pull_request') return payload.pull_request ? `${payload.pull_request.base.sha}...${payload.pull_request.head.sha}` : undefined;
  return undefined;
}

/** @param {string | undefined} range */
function changedFiles(range) {
  if (!range) return undefined;
  try {
    const out = execFileSync('git', ['diff', '--name-only', '--no-renames', range], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.split('\n').filter(Boolean);
  } catch {
    return undefined;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env;
  const payload = env.GITHUB_EVENT_PATH ? JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) : {};
  const decision = choosePath(changedFiles(eventRange(env.GITHUB_EVENT_NAME ?? '', payload, env.GITHUB_SHA ?? 'HEAD')));
  console.log(`${decision.path === 'content' ? 'Chemin du contenu' : 'Chemin complet'} : ${decision.why}`);
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `path=${decision.path}\n`);
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, pathSummary(decision));
}
