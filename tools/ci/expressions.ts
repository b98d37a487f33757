/**
 * The part of GitHub Actions' expression language that .github/workflows/site.yml uses, evaluated
 * as Actions does, for the workflow's local replay (npm run ci:local). What the workflow does not
 * use is refused with the expression named: a replay that read an unknown context as empty would
 * pass where GitHub fails. Pure: the caller hands the contexts and hashFiles.
 */

export type Value = string | boolean | number | null;

export interface ExpressionContext {
  github: { event_name: string; ref: string; sha: string; repository: string };
  vars: Record<string, string>;
  secrets: Record<string, string>;
  steps: Record<string, { outputs: Record<string, string> }>;
  hashFiles: (patterns: string[]) => string;
}

export class ExpressionError extends Error {}

type Token = { kind: 'string' | 'number' | 'name' | 'op'; text: string };

const TOKEN = /\s*(?:'((?:[^']|'')*)'|(\d+(?:\.\d+)?)|([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)|(==|!=|&&|\|\||[!(),]))/y;

function tokens(source: string): Token[] {
  const found: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    if (/^\s*$/.test(source.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(source);
    if (!m) throw new ExpressionError(`Expression non reconnue : « ${source} » (à « ${source.slice(at).trim()} »)`);
    if (m[1] !== undefined) found.push({ kind: 'string', text: m[1].replaceAll("''", "'") });
    else if (m[2] !== undefined) found.push({ kind: 'number', text: m[2] });
    else if (m[3] !== undefined) found.push({ kind: 'name', text: m[3] });
    else found.push({ kind: 'op', text: m[4]! });
  }
  return found;
}

/** Actions' truthiness: '', false, 0 and null are false. */
export const truthy = (v: Value): boolean => v !== '' && v !== false && v !== 0 && v !== null;

/** Actions compares strings without case; a value of another type is compared as it is. */
const equal = (a: Value, b: Value): boolean => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b);

const GITHUB_FIELDS = ['event_name', 'ref', 'sha', 'repository'] as const;

/** A context path: github.<field>, vars.<NAME>, secrets.<NAME>, steps.<id>.outputs.<name>. */
function lookup(path: string, ctx: ExpressionContext, source: string): Value {
  const parts = path.split('.');
  const [root, a, b, c] = parts;
  const unknown = () => new ExpressionError(`Contexte non pris en charge par la reprise locale : ${path} (dans « ${source} »)`);
  if (root === 'github' && parts.length === 2 && (GITHUB_FIELDS as readonly string[]).includes(a!)) return ctx.github[a as (typeof GITHUB_FIELDS)[number]];
  // An unset variable or secret is an empty string on GitHub too.
  if ((root === 'vars' || root === 'secrets') && parts.length === 2) return ctx[root][a!] ?? '';
  if (root === 'steps' && parts.length === 4 && b === 'outputs') return ctx.steps[a!]?.outputs[c!] ?? '';
  if (root === 'true' && parts.length === 1) return true;
  if (root === 'false' && parts.length === 1) return false;
  throw unknown();
}

class Parser {
  private at = 0;
  constructor(
    private readonly list: Token[],
    private readonly ctx: ExpressionContext,
    private readonly source: string,
  ) {}

  parse(): Value {
    const value = this.or();
    if (this.at < this.list.length) throw new ExpressionError(`Expression non reconnue : « ${this.source} » (en trop : « ${this.list[this.at]!.text} »)`);
    return value;
  }

  private peek(text: string): boolean {
    return this.list[this.at]?.kind === 'op' && this.list[this.at]!.text === text;
  }

  private expect(text: string): void {
    if (!this.peek(text)) throw new ExpressionError(`« ${text} » attendu dans « ${this.source} »`);
    this.at++;
  }

  // Actions' && and || give one of their operands, not a boolean: `a && 'x' || ''` picks a string.
  private or(): Value {
    let left = this.and();
    while (this.peek('||')) {
      this.at++;
      const right = this.and();
      left = truthy(left) ? left : right;
    }
    return left;
  }

  private and(): Value {
    let left = this.comparison();
    while (this.peek('&&')) {
      this.at++;
      const right = this.comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  }

  private comparison(): Value {
    const left = this.unary();
    for (const op of ['==', '!=']) {
      if (this.peek(op)) {
        this.at++;
        const same = equal(left, this.unary());
        return op === '==' ? same : !same;
      }
    }
    return left;
  }

  private unary(): Value {
    if (this.peek('!')) {
      this.at++;
      return !truthy(this.unary());
    }
    return this.primary();
  }

  private primary(): Value {
    const token = this.list[this.at++];
    if (!token) throw new ExpressionError(`Expression incomplète : « ${this.source} »`);
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.kind === 'op' && token.text === '(') {
      const value = this.or();
      this.expect(')');
      return value;
    }
    if (token.kind === 'name' && this.peek('(')) return this.call(token.text);
    if (token.kind === 'name') return lookup(token.text, this.ctx, this.source);
    throw new ExpressionError(`Expression non reconnue : « ${this.source} » (à « ${token.text} »)`);
  }

  private call(name: string): Value {
    this.expect('(');
    const args: Value[] = [];
    while (!this.peek(')')) {
      args.push(this.or());
      if (!this.peek(')')) this.expect(',');
    }
    this.at++;
    // The replay stops at the first failing step: every step it reaches follows only successes.
    if (name === 'success' && args.length === 0) return true;
    if (name === 'hashFiles' && args.length > 0 && args.every((a) => typeof a === 'string')) return this.ctx.hashFiles(args as string[]);
    throw new ExpressionError(`Fonction non prise en charge par la reprise locale : ${name}() (dans « ${this.source} »)`);
  }
}

/** One expression, the inside of `${{ }}` or an `if:` condition. */
export function evaluate(expression: string, ctx: ExpressionContext): Value {
  return new Parser(tokens(expression), ctx, expression.trim()).parse();
}

/** How Actions writes a value into a string: null as '', booleans and numbers as text. */
export const asText = (v: Value): string => (v === null ? '' : String(v));

const PLACE = /\$\{\{(.*?)\}\}/gs;

/** A string with each `${{ }}` replaced by its value. */
export function interpolate(text: string, ctx: ExpressionContext): string {
  return text.replace(PLACE, (_, inner: string) => asText(evaluate(inner, ctx)));
}

/** Every `${{ }}` of a text, as written between the braces. */
export function expressionsIn(text: string): string[] {
  return [...text.matchAll(PLACE)].map((m) => m[1]!.trim());
}

/** An `if:` holds an expression, with or without `${{ }}` around it; none means success(). */
export function condition(text: string | undefined, ctx: ExpressionContext): boolean {
  if (text === undefined) return true;
  const inner = text.trim().match(/^\$\{\{(.*)\}\}$/s)?.[1] ?? text;
  return truthy(evaluate(inner, ctx));
}
