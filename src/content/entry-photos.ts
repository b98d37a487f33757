import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import type { PhotoRef } from '../shared/photos.ts';
import type { BodyPhoto, BodyPhotoProblem } from './photo-refs.ts';
import { resolvePhotoPath } from './photo-refs.ts';
import { locate } from './positions.ts';

/**
 * The photos one content file names and the problems of their references, gathered as its parts
 * are read: the hero photo of its front-matter, then those of each Markdown text.
 */
export class EntryPhotos {
  readonly refs: PhotoRef[] = [];
  readonly issues: RuleDiagnostic[] = [];

  constructor(
    private readonly file: string,
    readonly contentPath: string,
  ) {}

  /** The photos of a Markdown text whose first line is the file's line `bodyLine`. */
  addBody(bodyLine: number, photos: BodyPhoto[], problems: BodyPhotoProblem[]): void {
    const at = (p: { line: number; column: number }) => ({ file: this.file, line: bodyLine + p.line - 1, column: p.column });
    for (const p of photos) this.refs.push({ src: p.src, alt: p.alt, slot: 'body', ...at(p) });
    for (const p of problems) this.issues.push({ ...at(p), field: 'texte Markdown', message: p.message });
  }

  /**
   * The front-matter's `photo: { src, alt }`, placed at its `src` (located only for a file that
   * has one: finding positions costs a second YAML parse).
   */
  addHero(raw: string, photo: { src: string; alt?: string | undefined } | undefined): void {
    if (!photo) return;
    const where = locate(raw);
    const place = (path: string[]) => {
      const at = where.field(path);
      return { file: this.file, ...(at ? { line: at.line, column: at.column } : {}) };
    };
    const resolved = resolvePhotoPath(this.contentPath, photo.src);
    if ('problem' in resolved) this.issues.push({ ...place(['photo', 'src']), field: 'photo.src', message: resolved.problem });
    else if (photo.alt === undefined) this.issues.push({ ...place(['photo']), field: 'photo.alt', message: MISSING_HERO_ALT });
    else {
      const at = place(['photo', 'src']);
      this.refs.push({ src: resolved.src, alt: photo.alt, slot: 'hero', file: this.file, line: at.line ?? 1, column: at.column ?? 1 });
    }
  }
}

const MISSING_HERO_ALT =
  'texte de remplacement manquant : ajoutez alt: "ce que montre la photo" (ex. alt: "Un érable après l’élagage à Hull"), ou alt: "" si la photo est purement décorative';
