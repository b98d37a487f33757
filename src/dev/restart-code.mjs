/** The exit code by which `npm run dev` asks its launcher for a new process: its code changed. */
export const RESTART_CODE = 75;
