export declare const KITS: { worker: string; checks: string; lighthouse: string };
export declare function kitPackages(dir: string): string[];
export declare function ensureKit(dir: string, options?: { link?: boolean }): void;
