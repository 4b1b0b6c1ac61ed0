export declare const MAX_SUBJECT: number;
export declare const BASELINE: string;
export declare function longSubjects(
  logLines: string[],
  max?: number,
): Array<{ commit: string; subject: string }>;
