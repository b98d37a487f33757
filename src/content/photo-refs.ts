import type { Root, RootContent } from 'mdast';
import { posix } from 'node:path';
import type { VFile } from 'vfile';
import { PHOTO_EXTENSIONS, PHOTO_MARKER } from '../shared/photos.ts';
import { LOCALES } from '../shared/locales.ts';
import type { EntryKind } from './content-files.ts';

/** A photo path as the Markdown file wrote it, resolved inside content/, or why it cannot be. */
export type ResolvedPhoto = { src: string } | { problem: string };

/**
 * `../images/erable-hull.jpg` written in `cities/hull.md` → `images/erable-hull.jpg`: relative to
 * the Markdown file, as GitHub shows it. Refused: a path that leaves content/, and a file type
 * that is not a photo sharp reads.
 */
export function resolvePhotoPath(markdownFile: string, url: string): ResolvedPhoto {
  let path = url.trim();
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not percent-encoded after all: taken as written.
  }
  if (path.startsWith('/') || path.includes('\\')) {
    return { problem: `chemin « ${url} » : écrivez-le relatif au fichier Markdown, avec des /, ex. ../images/erable-hull.jpg` };
  }
  const src = posix.normalize(posix.join(posix.dirname(markdownFile), path));
  if (src.startsWith('../') || src === '..') {
    return { problem: `le chemin « ${url} » sort du dossier content/ : placez la photo dans content/images/ et écrivez ../images/nom.jpg` };
  }
  const ext = posix.extname(src).slice(1).toLowerCase();
  if (!(PHOTO_EXTENSIONS as readonly string[]).includes(ext)) {
    return { problem: `« ${url} » n’est pas une photo (extensions acceptées : ${PHOTO_EXTENSIONS.map((e) => `.${e}`).join(', ')})` };
  }
  return { src };
}

/** The file's path inside content/, from its kind and name: what its photo paths are relative to. */
export function contentPathOf(kind: EntryKind, file: string): string {
  const name = posix.basename(file.replaceAll('\\', '/'));
  // An English file sits in en/: its photos are relative to it there, as an editor's preview sees them.
  const folder = LOCALES[kind.locale].contentDir ? `${LOCALES[kind.locale].contentDir}/` : '';
  if (kind.type === 'site') return `${folder}site.md`;
  if (kind.type === 'page') return `${folder}pages/${kind.page}.md`;
  return `${folder}${kind.type === 'city' ? 'cities' : 'services'}/${name}`;
}

/** A photo of the body, where the body names it (1-based, in the body). */
export interface BodyPhoto {
  src: string;
  alt: string;
  line: number;
  column: number;
}

export interface BodyPhotoProblem {
  line: number;
  column: number;
  message: string;
}

/** What the plugin leaves in `file.data` for the caller. */
export interface PhotoData {
  photos: BodyPhoto[];
  photoProblems: BodyPhotoProblem[];
}

/** An address with a scheme (`https:`, `data:`) or protocol-relative: not a file of content/. */
const NOT_A_FILE = /^([a-z][a-z0-9+.-]*:|\/\/|#)/i;

/**
 * A remark plugin: each image whose address is a file of content/ is checked (inside content/,
 * a photo's extension, alt text) and pointed at its marker, which the renderer replaces with the
 * photo's `<picture>` once the build knows the source. `file.data.markdownFile` is the Markdown
 * file's path inside content/.
 */
export function collectPhotos() {
  return (tree: Root, file: VFile) => {
    const data = file.data as Partial<PhotoData> & { markdownFile?: string };
    const photos: BodyPhoto[] = (data.photos = []);
    const problems: BodyPhotoProblem[] = (data.photoProblems = []);
    const markdownFile = data.markdownFile ?? 'site.md';
    const visit = (node: Root | RootContent): void => {
      if (node.type === 'image') {
        const at = { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
        if (node.url.startsWith(PHOTO_MARKER)) {
          problems.push({ ...at, message: `l’adresse ${PHOTO_MARKER}… est réservée à la construction : écrivez le chemin de la photo, ex. ../images/erable-hull.jpg` });
        } else if (!NOT_A_FILE.test(node.url)) {
          const resolved = resolvePhotoPath(markdownFile, node.url);
          const alt = (node.alt ?? '').trim();
          if ('problem' in resolved) problems.push({ ...at, message: resolved.problem });
          else if (!alt) problems.push({ ...at, message: MISSING_ALT });
          else {
            photos.push({ src: resolved.src, alt, ...at });
            node.url = PHOTO_MARKER + resolved.src;
            node.title = null;
          }
        }
      }
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(tree);
  };
}

const MISSING_ALT =
  'texte de remplacement manquant : écrivez entre les crochets ce que montre la photo, ex. ![Un érable après l’élagage à Hull](../images/erable-hull.jpg) ; une photo purement décorative va dans l’en-tête, avec alt: ""';
