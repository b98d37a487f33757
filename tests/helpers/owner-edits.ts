import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hermeticEnv } from './hermetic-env.ts';

/**
 * What an owner does to the repository before and after going live, as GUIDE.md tells them: every
 * example value replaced with a real one, a city added in both languages and filled, another one
 * removed. Written against the kinds of example values the launch checklist names (fictional
 * 555-01xx numbers, reserved domains, `sample: true`), not against the sample's exact text, so it
 * holds whatever the sample content says.
 */
const FILLED_CITY = join(import.meta.dirname, '../fixtures/owner-city');
export const ADDED_CITY = { name: 'Saint-André-Avellin', slug: 'saint-andre-avellin' };

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md') && statSync(join(dir, f)).isFile());
}

/** The real phone, e-mail domain and web address in every file; every `sample: true` mark removed. */
export function replaceExampleValues(contentDir: string): void {
  for (const file of markdownFiles(contentDir)) {
    const path = join(contentDir, file);
    const before = readFileSync(path, 'utf8');
    const after = before
      .replace(/(\d{3}) 555-01\d\d/g, '$1 243-7788')
      .replace(/\+1(\d{3})55501\d\d/g, '+1$12437788')
      .replace(/([\w-]+)\.example\b/g, '$1.ca')
      .replace(/^[ \t]*sample: true\n/gm, '');
    if (after !== before) writeFileSync(path, after);
  }
}

/**
 * `npm run new -- city …`, then both files replaced by a filled version (tests/fixtures/owner-city).
 * Where the owner has that city already, theirs goes first: the command refuses a city that exists.
 */
export function addFilledCity(contentDir: string): void {
  if (existsSync(join(contentDir, 'cities', `${ADDED_CITY.slug}.md`))) removeCity(contentDir, ADDED_CITY.slug);
  const made = spawnSync(process.execPath, ['bin/cli.mjs', 'new', 'city', ADDED_CITY.name, '--content', contentDir], { encoding: 'utf8', env: hermeticEnv() });
  if (made.status !== 0) throw new Error(`npm run new a échoué : ${made.stderr}`);
  copyFileSync(join(FILLED_CITY, `${ADDED_CITY.slug}.md`), join(contentDir, 'cities', `${ADDED_CITY.slug}.md`));
  copyFileSync(join(FILLED_CITY, 'en', `${ADDED_CITY.slug}.md`), join(contentDir, 'en/cities', `${ADDED_CITY.slug}.md`));
}

/** GUIDE.md « Retirer une ville »: both files deleted. */
export function removeCity(contentDir: string, slug: string): void {
  for (const file of [`cities/${slug}.md`, `en/cities/${slug}.md`]) rmSync(join(contentDir, file), { force: true });
}

/** The last city of the list that no other file links to: removing it breaks nothing an owner would then have to fix. */
export function removableCity(contentDir: string): string {
  const files = markdownFiles(contentDir).map((file) => ({ file, text: readFileSync(join(contentDir, file), 'utf8') }));
  const slugs = readdirSync(join(contentDir, 'cities')).map((f) => f.replace(/\.md$/, '')).filter((s) => s !== ADDED_CITY.slug);
  const linked = (slug: string) => files.some(({ file, text }) => !file.endsWith(`cities/${slug}.md`) && new RegExp(`/(abattage|zones|tree-removal|service-areas)[-/]${slug}\\b`).test(text));
  const free = slugs.filter((slug) => !linked(slug));
  const slug = free.at(-1);
  if (!slug) throw new Error('aucune ville à retirer sans casser un lien');
  return slug;
}

/** All three, in the order an owner does them. */
export function ownerEdits(contentDir: string): { removed: string } {
  replaceExampleValues(contentDir);
  addFilledCity(contentDir);
  const removed = removableCity(contentDir);
  removeCity(contentDir, removed);
  return { removed };
}
