/** Writes tests/fixtures/images/ (tools/lib/test-photos.ts): `npx tsx tools/make-test-photos.ts`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { testPhotos } from './lib/test-photos.ts';

const dir = join(import.meta.dirname, '../tests/fixtures/images');
mkdirSync(dir, { recursive: true });
for (const [name, bytes] of Object.entries(await testPhotos())) writeFileSync(join(dir, name), bytes);
console.log(`Photos d’essai écrites dans ${dir}`);
