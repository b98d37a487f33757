export interface FingerprintInputs {
  include: string[];
  exclude: string[];
}
export interface Fingerprints {
  content: string;
  render: string;
}
export const FINGERPRINT_INPUTS: { content: FingerprintInputs; render: FingerprintInputs; cli: FingerprintInputs };
export function fingerprint(root: string, inputs: FingerprintInputs): string;
export function engineFingerprints(root: string): Fingerprints;
