/**
 * A set of build files made in one step (the client bundle, the stylesheet) and what describes
 * them (the entry's URL, the sheet's text): what the pure steps return, and what the incremental
 * layer keeps in its cache as one unit.
 */
export interface FileSet<M> {
  /** Files keyed by their path under dist/. */
  files: Map<string, Uint8Array>;
  meta: M;
}
