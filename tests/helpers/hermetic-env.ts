/**
 * What a developer's shell or a CI runner may set and the commands under test read: GitHub
 * Actions' variables (a push to main sets `GITHUB_REF=refs/heads/main` on every step), `CI`, the
 * form's settings (`QUOTE_*`) and `SITE_URL`. A test that sees them would pass here and fail there,
 * or the reverse. vitest.config.ts removes them from the run's environment before any test starts;
 * a test that is about one of them passes it explicitly, through `hermeticEnv`.
 */
export const AMBIENT = /^(CI|GITHUB_\w+|RUNNER_\w+|QUOTE_\w+|SITE_URL)$/;

/** Removes the ambient variables from `env` in place (the run's own `process.env`, once). */
export function dropAmbient(env: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(env)) if (AMBIENT.test(name)) delete env[name];
}

/** The environment of every command a test starts: the run's own, without the ambient variables, plus `extra`. */
export function hermeticEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  dropAmbient(env);
  return { ...env, ...extra };
}
