/** Types for node-lines.mjs, a plain script so `npm test` can use it before anything is built. */
export declare const TESTED_LINES: readonly number[];
export declare const NEWEST_LTS: number;
export declare function currentLine(): number;
export declare function nodeBinary(line: number): string;
export declare function envWithNode(binary: string, extra?: Record<string, string>): NodeJS.ProcessEnv;
