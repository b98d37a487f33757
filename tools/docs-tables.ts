/**
 * `npm run docs:tables`: renders every bench/results/*.json into the docs' table blocks
 * (`<!-- table:NAME -->` … `<!-- /table -->`). The bench and audit commands run it after writing.
 */
import { updateDocTables } from './lib/doc-tables.ts';

const changed = updateDocTables();
console.log(changed.length > 0 ? `Tableaux mis à jour : docs/${changed.join(', docs/')}` : 'Les tableaux des docs sont à jour.');
