// The part of Lighthouse's types that tools/audit.ts reads, written here: Lighthouse is installed
// in this folder only when `npm run audit` first runs, so `npm run typecheck` cannot see its own.

export interface LighthouseResult {
  lhr: {
    audits: Record<string, { score: number | null; numericValue?: number; details?: unknown } | undefined>;
    categories: Record<string, { title: string; score: number | null; auditRefs: { id: string; weight: number }[] }>;
    /** Set when Lighthouse could not measure the page (a trace without its navigation start): it asks for another run. */
    runtimeError?: { code: string; message: string };
  };
  /** One report per requested output, in the order of `output`. */
  report: string[];
}

export function lighthouse(url: string, flags: { port: number; output: string[]; logLevel: string }): Promise<LighthouseResult | undefined>;

export const lighthouseVersion: string;

export function launchChrome(chromePath: string, chromeFlags: string[]): Promise<{ port: number; kill(): Promise<void> }>;
