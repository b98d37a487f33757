import { renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

let sequence = 0;
/** Writes `file` whole or not at all: to a temporary name, then renamed over it. */
export function atomicWrite(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}-${threadId}-${++sequence}.tmp`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // Nothing was written.
    }
    throw error;
  }
}
