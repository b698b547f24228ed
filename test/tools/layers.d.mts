/** Types for layers.mjs, a plain script so `npm run lint` runs it with Node alone. */
export type Layer = 'epos' | 'search' | 'till' | 'store' | 'page' | 'ui' | 'main' | 'sw';
export declare const MAY_IMPORT: Readonly<Record<Layer, readonly Layer[]>>;
export declare const MAY_IMPORT_TYPES: Readonly<Partial<Record<Layer, readonly Layer[]>>>;
export declare function layerOf(file: string): Layer | undefined;
export declare function importsOf(text: string): { specifier: string; line: number; typeOnly: boolean }[];
export declare function violations(root: string, files: readonly string[]): string[];
export declare function sourceFiles(root: string, dirs: readonly string[]): string[];
