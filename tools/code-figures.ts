/**
 * `npm run code-figures`: the shape of the code in numbers, for a review or a closing note — the
 * longest functions of src/ (JSX templates apart), the files of src/ over 300 lines, and the
 * imports that break the layering (tools/lib/layers.ts). `-- --dir PATH` measures another checkout.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import { importsOf, layeringProblem } from './lib/layers.ts';

const { values } = parseArgs({ options: { dir: { type: 'string', default: '.' }, top: { type: 'string', default: '8' } } });
const root = values.dir;

function files(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|mjs)$/.test(e.name) && !e.parentPath.includes('node_modules') && !e.parentPath.includes('.work'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** Whether a function returns JSX: a template, whose length is markup, not logic. */
function isTemplate(node: ts.Node): boolean {
  let jsx = false;
  const visit = (n: ts.Node): void => {
    if (jsx) return;
    if (ts.isJsxElement(n) || ts.isJsxFragment(n) || ts.isJsxSelfClosingElement(n)) jsx = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return jsx;
}

function functionLengths(file: string): { name: string; lines: number }[] {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && !isTemplate(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : '(anonyme)');
      out.push({ name: `${file}:${start + 1} ${name}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const src = files('src');
const longest = src.flatMap(functionLengths).sort((a, b) => b.lines - a.lines);
const over300 = src.map((f) => [f, readFileSync(join(root, f), 'utf8').split('\n').length] as const).filter(([, n]) => n > 300);
const upward = ['src', 'bin', 'scripts', 'tools', 'tests'].flatMap((dir) =>
  files(dir).flatMap((f) => importsOf(f, readFileSync(join(root, f), 'utf8')).flatMap((to) => layeringProblem(f, to) ?? [])),
);
console.log(`Fonctions les plus longues de src/ (hors gabarits JSX) :`);
for (const f of longest.slice(0, Number(values.top))) console.log(`  ${String(f.lines).padStart(4)} lignes  ${f.name}`);
console.log(`Fonctions de plus de 60 lignes : ${longest.filter((f) => f.lines > 60).length}`);
console.log(`Fichiers de src/ de plus de 300 lignes : ${over300.length ? over300.map(([f, n]) => `${f} (${n})`).join(', ') : 'aucun'}`);
console.log(`Imports hors des couches : ${upward.length}${upward.length ? `\n  ${upward.slice(0, 20).join('\n  ')}` : ''}`);
