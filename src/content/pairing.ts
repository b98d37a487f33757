import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import type { Locale } from '../shared/locales.ts';

/** A service or city file as the pairing rules see it. */
export interface PairedFile {
  file: string;
  locale: Locale;
  /** Its path inside its language's folder: `cities/hull.md` pairs with `en/cities/hull.md`. */
  pairKey: string;
  frenchOnly?: boolean | undefined;
  /**
   * Values the two files of a pair must share (the form's values, a city's slug), by field;
   * none for a file rejected for its own problems, which still counts as there.
   */
  shared?: Record<string, string>;
}

/**
 * The rules between a French file and its English counterpart: each French service or city has
 * one (unless it says `frenchOnly: true`), each English file translates a French one, and the
 * pair agrees on what the form sends and on a city's address. Each message names both paths.
 */
export function checkPairs(files: readonly PairedFile[], englishPath: (french: PairedFile) => string): RuleDiagnostic[] {
  const english = new Map(files.filter((f) => f.locale === 'en').map((f) => [f.pairKey, f]));
  const french = new Map(files.filter((f) => f.locale === 'fr').map((f) => [f.pairKey, f]));
  const issues: RuleDiagnostic[] = [];
  for (const fr of french.values()) {
    const en = english.get(fr.pairKey);
    if (!en && !fr.frenchOnly && fr.shared) {
      issues.push({ file: fr.file, line: 1, field: '', message: `fichier anglais manquant : ${englishPath(fr)} (écrivez-le, ou ajoutez « frenchOnly: true » ici)` });
    } else if (en && fr.frenchOnly) {
      issues.push({ file: fr.file, field: 'frenchOnly', message: `marqué français seulement, mais ${en.file} le traduit : retirez l’un ou l’autre` });
    } else if (en?.shared) {
      for (const [field, value] of Object.entries(fr.shared ?? {})) {
        if (en.shared[field] !== value) issues.push({ file: en.file, field, message: `doit être « ${value} », comme dans ${fr.file} (${field} est le même dans les deux langues)` });
      }
    }
  }
  for (const en of english.values()) {
    if (!french.has(en.pairKey)) issues.push({ file: en.file, line: 1, field: '', message: `aucun fichier français correspondant : un fichier anglais traduit le fichier français du même nom (content/${en.pairKey})` });
  }
  return issues;
}
