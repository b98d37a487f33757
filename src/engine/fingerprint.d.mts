export interface FingerprintInputs {
  include: string[];
  exclude: string[];
}
export interface Fingerprints {
  content: string;
  render: string;
  /** The share cards' drawing code and font: part of each card's name. */
  card: string;
}
export const FINGERPRINT_INPUTS: { content: FingerprintInputs; render: FingerprintInputs; card: FingerprintInputs; cli: FingerprintInputs };
export function fingerprint(root: string, inputs: FingerprintInputs): string;
export function engineFingerprints(root: string): Fingerprints;
