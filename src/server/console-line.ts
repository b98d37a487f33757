/**
 * Characters a terminal acts on instead of printing: C0 and C1 controls (line feeds that forge a
 * second log line, ESC sequences that recolour or erase it, NUL), the Unicode line and paragraph
 * separators, and the bidirectional overrides that make a line read differently from its bytes.
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `line` with every control character written as a visible escape: one line in, one line out. */
export function escapeControls(line: string): string {
  return line.replace(CONTROLS, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const hasControls = (line: string): boolean => new RegExp(CONTROLS.source).test(line);
