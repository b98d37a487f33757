export const EVENTS: string[];
export function githubEnv(options: { event: string; workspace: string; temp?: string; repository?: string }): Record<string, string>;
