import { closeSync, openSync, readSync } from 'node:fs';

let scratch = Buffer.allocUnsafe(1 << 16);

/**
 * A whole file, in a buffer the next call reuses (made larger as needed): the build reads
 * thousands of files only to hash or check them (4,000 content files, 4,000 stored pages, 130 MB),
 * and a buffer for each would be as much work for the garbage collector.
 */
export function readWhole(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    let size = 0;
    for (;;) {
      if (size === scratch.length) {
        const larger = Buffer.allocUnsafe(scratch.length * 2);
        scratch.copy(larger);
        scratch = larger;
      }
      const read = readSync(fd, scratch, size, scratch.length - size, null);
      if (read === 0) return scratch.subarray(0, size);
      size += read;
    }
  } finally {
    closeSync(fd);
  }
}

