export declare const DEFAULT_DOWNLOAD_TIMEOUT_MS: number;
export type BinaryStatus = { installed: true; path: string } | { installed: false; reason: string };
export type Obtained = { ok: true; path: string } | { ok: false; reason: string };
export declare function electronBinaryStatus(
  electronDir: string,
  env?: NodeJS.ProcessEnv,
): BinaryStatus;
export declare function summariseFailure(output: string): string;
export declare function obtainElectron(options: {
  electronDir: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  onSlow?: () => void;
  slowAfterMs?: number;
}): Promise<Obtained>;
export declare function displayProblem(
  platform?: NodeJS.Platform,
  env?: NodeJS.ProcessEnv,
): string | null;
export declare function earlyExitReason(stderrTail: string, code: number): string;
export declare function unavailableLine(reason: string): string;
export declare function browserFallbackCommand(
  root: string,
  env?: NodeJS.ProcessEnv,
): { command: string; args: string[]; shell?: boolean };
export declare function electronSqlitePaths(root: string): {
  electronVersion: string;
  dir: string;
  moduleDir: string;
  binding: string;
  stamp: string;
  log: string;
};
export declare function prepareElectronSqlite(options: {
  root: string;
  timeoutMs?: number;
}): Promise<{ ok: true; binding: string; cached: boolean } | { ok: false; reason: string }>;
export declare function rebuildEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
