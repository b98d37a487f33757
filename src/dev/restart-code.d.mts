export declare const RESTART_CODE: number;
