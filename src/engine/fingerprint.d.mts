export interface FingerprintInputs {
  include: string[];
  exclude: string[];
}
export type FingerprintKind = 'content' | 'render' | 'card' | 'assets' | 'checklist' | 'photos';
/** The environment's inputs a bundle fixes (Node's version is the runtime's). */
export type EnvironmentFiles = Record<'patches' | 'tsconfig' | 'lock' | 'code', string>;
export type Fingerprints = Record<FingerprintKind, string>;
export const FINGERPRINT_ENTRIES: Record<FingerprintKind, string[]>;
export const ENGINE_ENTRIES: string[];
export const CLI_INPUTS: FingerprintInputs;
export const CLI_DIR: string;
export const CLI_STAMP: string;
export function moduleGraphs<K extends string = FingerprintKind>(root: string, entriesByKind?: Record<K, string[]>): Record<K, string[]>;
export function fingerprint(root: string, inputs: FingerprintInputs): string;
export function fingerprintInputs(root: string): Record<FingerprintKind, string[]>;
export function engineFingerprints(root: string, inputs?: Record<FingerprintKind, string[]>): Fingerprints;
export function engineKeys(root: string): { fingerprints: Fingerprints; environment: EnvironmentFiles };
