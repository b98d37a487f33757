export function ensureCli(): Promise<{ dir: string; commands: string[] }>;
