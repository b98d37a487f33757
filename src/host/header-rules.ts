/**
 * Cloudflare's `_headers` file, read and applied the way the Worker's static assets do (workers-shared,
 * shared with Pages: parseHeaders.ts and rules-engine.ts), so our server sends what production sends.
 *
 * - A block starts with a path (`/…`) or an absolute `https://host/…` URL; the lines under it are
 *   `Name: value` (set) or `! Name` (detach). Blank lines and `# comments` are skipped.
 * - `*` is a splat (any characters, `/` included), `:name` a placeholder (one segment, or one host
 *   label); `:splat` and `:name` in a value are replaced by what they matched.
 * - Every rule whose pattern matches the request applies, in file order: its detached headers are
 *   deleted, then each header it sets replaces the host's default, or is comma-joined to the value
 *   an earlier matching rule set (so two rules setting Cache-Control make one broken value).
 * - At most 100 rules (the rest is ignored) and 2,000 characters a line (a longer line is ignored).
 */

import type { RuleDiagnostic } from '../shared/diagnostic.ts';

export const MAX_RULES = 100;
export const MAX_LINE_LENGTH = 2000;

export interface HeaderRule {
  /** The pattern as written (a path, or an https URL without its port). */
  path: string;
  /** 1-based line of the pattern in the file. */
  line: number;
  /** Headers to set, names lower-cased, a name repeated in the block already comma-joined. */
  set: Record<string, string>;
  /** Headers to detach, lower-cased. */
  unset: string[];
}

export interface ParsedHeaders {
  rules: HeaderRule[];
  /** What Cloudflare skips, each at its line of the file, in its own words. */
  invalid: RuleDiagnostic[];
}

/** A line that opens a rule: a path or an absolute URL. */
export const LOOKS_LIKE_PATH = /^([^\s]+:\/\/|\/)/;
const ABSOLUTE = /^https:\/\/+(?<host>[^/]+)\/?(?<path>.*)/;

/** Normalizes a pattern as Cloudflare does: a leading slash, the URL parser's path encoding. */
function normalizePath(path: string): string {
  const url = new URL(`//${path.startsWith('/') ? path : `/${path}`}`, 'relative://');
  return url.pathname;
}

function patternOf(token: string): { path?: string; error?: string } {
  const absolute = ABSOLUTE.exec(token);
  if (absolute?.groups?.host) {
    if (/:\d+$/.test(absolute.groups.host)) return { error: `Specifying ports is not supported. Skipping absolute URL ${token}.` };
    return { path: `https://${absolute.groups.host}${normalizePath(absolute.groups.path ?? '')}` };
  }
  if (token.startsWith('/')) {
    try {
      return { path: normalizePath(token) };
    } catch {
      return { error: `Error parsing URL segment ${token}. Skipping.` };
    }
  }
  return { error: 'URLs should either be relative (e.g. begin with a forward-slash), or use HTTPS (e.g. begin with "https://").' };
}

export function parseHeaders(text: string): ParsedHeaders {
  const lines = text.split('\n');
  const rules: HeaderRule[] = [];
  const invalid: RuleDiagnostic[] = [];
  let rule: HeaderRule | undefined;
  const close = () => {
    if (!rule) return;
    if (Object.keys(rule.set).length > 0 || rule.unset.length > 0) rules.push(rule);
    else invalid.push({ line: rule.line, message: 'No headers specified' });
    rule = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const lineNumber = i + 1;
    if (line === '' || line.startsWith('#')) continue;
    if (line.length > MAX_LINE_LENGTH) {
      invalid.push({ line: lineNumber, message: `Ignoring line ${lineNumber} as it exceeds the maximum allowed length of ${MAX_LINE_LENGTH}.` });
      continue;
    }
    if (LOOKS_LIKE_PATH.test(line)) {
      // Cloudflare counts only the closed rules here, so the rule still open is kept: 101 in all.
      if (rules.length >= MAX_RULES) {
        invalid.push({ line: lineNumber, message: `Maximum number of rules supported is ${MAX_RULES}. Skipping remaining ${lines.length - i} lines of file.` });
        break;
      }
      close();
      const { path, error } = patternOf(line);
      if (path === undefined) invalid.push({ line: lineNumber, message: error! });
      else rule = { path, line: lineNumber, set: {}, unset: [] };
      continue;
    }
    if (!line.includes(':')) {
      if (rule && line.startsWith('! ')) rule.unset.push(line.slice(2).trim().toLowerCase());
      else invalid.push({ line: lineNumber, message: rule ? 'Expected a colon-separated header pair (e.g. name: value)' : 'Expected a path beginning with at least one forward-slash' });
      continue;
    }
    const [rawName, ...rawValue] = line.split(':');
    const name = rawName!.trim().toLowerCase();
    const value = rawValue.join(':').trim();
    if (name.includes(' ')) invalid.push({ line: lineNumber, message: 'Header name cannot include spaces' });
    else if (name === '') invalid.push({ line: lineNumber, message: 'No header name specified' });
    else if (value === '') invalid.push({ line: lineNumber, message: 'No header value specified' });
    else if (!rule) invalid.push({ line: lineNumber, message: `Path should come before header (${name}: ${value})` });
    else rule.set[name] = rule.set[name] ? `${rule.set[name]}, ${value}` : value;
  }
  close();
  return { rules, invalid };
}

const escapeRegex = (text: string) => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/** The regular expression a pattern stands for; undefined when it cannot compile (Cloudflare skips it). */
export function patternRegex(pattern: string): RegExp | undefined {
  let source = pattern.split('*').map(escapeRegex).join('(?<splat>.*)');
  for (const match of source.matchAll(/(?<=^https:\\\/\\\/[^/]*?):([A-Za-z]\w*)(?=\\)/g)) {
    source = source.split(match[0]).join(`(?<${match[1]}>[^/.]+)`);
  }
  for (const match of source.matchAll(/:([A-Za-z]\w*)/g)) {
    source = source.split(match[0]).join(`(?<${match[1]}>[^/]+)`);
  }
  try {
    return new RegExp(`^${source}$`);
  } catch {
    return undefined;
  }
}

export interface RequestTarget {
  pathname: string;
  /** The Host of the request, for `https://host/…` rules. */
  hostname?: string;
}

/** The rules that apply to a request, in file order, with what their splats and placeholders matched. */
export function matchingRules(rules: readonly HeaderRule[], { pathname, hostname = 'localhost' }: RequestTarget) {
  const matches: { rule: HeaderRule; groups: Record<string, string> }[] = [];
  for (const rule of rules) {
    const regex = patternRegex(rule.path);
    const subject = rule.path.startsWith('https://') ? `https://${hostname}${pathname}` : pathname;
    const result = regex?.exec(subject);
    if (result) matches.push({ rule, groups: { ...result.groups } });
  }
  return matches;
}

/**
 * The response headers after the rules: `base` (what the server would send on its own, any case)
 * with each matching rule's detaches and sets applied in order. Names come back lower-cased.
 */
export function applyHeaderRules(rules: readonly HeaderRule[], target: RequestTarget, base: Record<string, string> = {}): Record<string, string> {
  const headers = new Map(Object.entries(base).map(([name, value]) => [name.toLowerCase(), value]));
  const setByRule = new Set<string>();
  for (const { rule, groups } of matchingRules(rules, target)) {
    for (const name of rule.unset) headers.delete(name);
    for (const [name, raw] of Object.entries(rule.set)) {
      const value = Object.entries(groups).reduce((out, [key, matched]) => out.replaceAll(`:${key}`, matched), raw);
      const current = headers.get(name);
      headers.set(name, setByRule.has(name) && current !== undefined ? `${current}, ${value}` : value);
      setByRule.add(name);
    }
  }
  return Object.fromEntries(headers);
}

/** What only means something over HTTPS, and what WebKit gets wrong without it. */
const HTTPS_ONLY_DIRECTIVE = 'upgrade-insecure-requests';
const HTTPS_ONLY_HEADER = 'strict-transport-security';

/**
 * The headers a page may carry over plain `http://` (our local servers): those of `_headers` less
 * what only means something over HTTPS. WebKit applies `upgrade-insecure-requests` even to
 * localhost, sending every script and fetch to `https://localhost`, where nothing answers: islands
 * would never wake, the live preview never update, a quote be lost. HSTS over http is ignored by
 * browsers anyway. Production is HTTPS: `_headers` itself keeps both.
 */
export function overPlainHttp(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (key === HTTPS_ONLY_HEADER) continue;
    out[name] =
      key === 'content-security-policy'
        ? value
            .split(';')
            .map((d) => d.trim())
            .filter((d) => d !== '' && d.toLowerCase() !== HTTPS_ONLY_DIRECTIVE)
            .join('; ')
        : value;
  }
  return out;
}
