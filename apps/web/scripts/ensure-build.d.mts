export function isBuildCurrent(): boolean;
export function ensureWebBuild(): Promise<void>;
export function buildWeb(outDir: string, options?: { mode?: 'production' | 'test' }): Promise<void>;
