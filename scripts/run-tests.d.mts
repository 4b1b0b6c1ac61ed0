export interface TestStage {
  name: string;
  /** The program and its arguments. */
  command: string[];
  /** The JSON report the stage writes, counted into the closing line. */
  report?: { kind: 'vitest' | 'playwright'; file: string };
}
export declare const STAGES: TestStage[];
export declare function runStages(
  stages: TestStage[],
  log?: (line: string) => void,
  now?: () => number,
): { line: string; code: number };
