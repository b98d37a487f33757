import type * as z from 'zod';

/**
 * What one file of content/pages/ must hold. The content layer reads whatever files it is given:
 * which pages exist is said once, in the page-kind table above it (src/site/page-kinds.ts).
 */
export interface PageFileSpec {
  schema: z.ZodType;
  /** Its Markdown body becomes `bodyHtml`; otherwise the body is ignored. */
  body?: boolean;
  /** Tokens left in place for the template to fill (`{city}` in the shared city text). */
  keepTokens?: readonly string[];
}

/** The files of content/pages/ by name (`about` is content/pages/about.md), in listing order. */
export type PageFiles = Readonly<Record<string, PageFileSpec>>;
