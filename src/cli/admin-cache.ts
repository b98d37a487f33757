import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite, BlobStore, BY_DIGEST, digest } from '../engine/index.ts';

/** What the cache keeps of the editor's last bundle: what it was made from, and its files by digest. */
interface AdminRecord {
  key: string;
  /** Each source file esbuild read (relative to the project), with the digest of its bytes then. */
  inputs: Record<string, string>;
  /** Each file of the editor (admin.html, admin/cms-….js) with the digest its stored copy is named by. */
  files: Record<string, string>;
}

const RECORD = 'record.json';

/**
 * The editor's files from the build cache when not one of the 2,500 files esbuild read for them
 * has changed (checked by their bytes, 15 MB in about 0.1 s), or made anew: esbuild takes 3 to 4
 * CPU-s for Decap's bundle, which `npm run cms` and `npm run admin` wait for. `key` covers what
 * the sources do not: the options, the code that bundles them, the lock file.
 */
export async function cachedAdmin(
  dir: string | null,
  key: string,
  root: string,
  make: () => Promise<{ files: Map<string, Uint8Array>; inputs: string[] }>,
): Promise<Map<string, Uint8Array>> {
  const kept = dir ? stored(dir, key, root) : undefined;
  if (kept) return kept;
  const made = await make();
  if (dir) store(dir, key, root, made);
  return made.files;
}

function stored(dir: string, key: string, root: string): Map<string, Uint8Array> | undefined {
  let record: AdminRecord;
  try {
    record = JSON.parse(readFileSync(join(dir, RECORD), 'utf8')) as AdminRecord;
  } catch {
    return undefined;
  }
  if (record.key !== key || !unchanged(record.inputs, root)) return undefined;
  const blobs = new BlobStore(dir, BY_DIGEST);
  const files = new Map<string, Uint8Array>();
  for (const [name, hash] of Object.entries(record.files)) {
    // A copy cut short or changed on disk is no copy, nor is a name no digest gives (BY_DIGEST).
    const bytes = blobs.read(hash);
    if (!bytes) return undefined;
    files.set(name, bytes);
  }
  return files;
}

function unchanged(inputs: Record<string, string>, root: string): boolean {
  for (const [path, hash] of Object.entries(inputs)) {
    try {
      if (digest(readFileSync(join(root, path))) !== hash) return false;
    } catch {
      return false;
    }
  }
  return Object.keys(inputs).length > 0;
}

function store(dir: string, key: string, root: string, { files, inputs }: { files: Map<string, Uint8Array>; inputs: string[] }): void {
  const blobs = new BlobStore(dir, BY_DIGEST);
  const record: AdminRecord = { key, inputs: {}, files: {} };
  for (const path of inputs) record.inputs[path] = digest(readFileSync(join(root, path)));
  for (const [name, bytes] of files) {
    const hash = digest(bytes);
    record.files[name] = hash;
    blobs.write(hash, bytes);
  }
  // The record last: a crash before it leaves the old record, whose files are checked by their digest.
  atomicWrite(join(dir, RECORD), JSON.stringify(record));
  blobs.prune(new Set([RECORD, ...Object.values(record.files)]));
}
