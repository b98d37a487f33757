/**
 * `npm run new -- city "Saint-André-Avellin"`: writes content/cities/saint-andre-avellin.md, a
 * city file that builds as it is, its slug made by the city-link rule, and its English file
 * content/en/cities/saint-andre-avellin.md when the site is in English too (a French city without
 * it fails the build). Refuses a slug that exists.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { readFrontMatter } from '../content/front-matter.ts';
import { citySlug } from '../content/city-slug.ts';
import { newCityFile } from '../content/new-city.ts';
import { newEnglishCityFile } from '../content/new-city-en.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { content: { type: 'string', default: 'content' } } });
const [kind, name] = positionals;
if (kind !== 'city' || !name?.trim()) {
  console.error('Usage : npm run new -- city "Nom de la ville"');
  process.exit(2);
}
const dir = join(values.content, 'cities');
const slug = citySlug(name);
const file = join(dir, `${slug}.md`);
const englishDir = join(values.content, 'en', 'cities');
const englishFile = existsSync(englishDir) ? join(englishDir, `${slug}.md`) : undefined;
const existing = readdirSync(dir).filter((f) => f.endsWith('.md'));
const front = existing.map((f) => readFrontMatter(readFileSync(join(dir, f), 'utf8')).data as { slug?: string; order?: number });
const owner = existing.find((_, i) => front[i]!.slug === slug);
if (existsSync(file) || owner || (englishFile && existsSync(englishFile))) {
  console.error(`La ville « ${slug} » existe déjà (${relative(process.cwd(), join(dir, owner ?? `${slug}.md`))}) : rien n’a été écrit.`);
  process.exit(1);
}
const site = readFrontMatter(readFileSync(join(values.content, 'site.md'), 'utf8')).data as { geo: { lat: number; lng: number } };
const order = Math.max(0, ...front.map((f) => f.order ?? 0)) + 1;
writeFileSync(file, newCityFile(name.trim(), { order, geo: site.geo }), { flag: 'wx' });
console.log(`${relative(process.cwd(), file)} écrit : ${name.trim()}, pages /abattage-${slug} et /zones/${slug}.`);
if (englishFile) {
  writeFileSync(englishFile, newEnglishCityFile(name.trim(), { order, geo: site.geo }), { flag: 'wx' });
  console.log(`${relative(process.cwd(), englishFile)} écrit : sa version anglaise, pages /en/tree-removal-${slug} et /en/service-areas/${slug}.`);
}
console.log(
  'Remplacez les textes, dans les deux langues, et les coordonnées (geo) par ce qui est propre à la ville : tant qu’ils sont ceux de ce modèle, npm run build les rappelle sous « Avant la mise en ligne » et la construction de production les refuse.',
);
