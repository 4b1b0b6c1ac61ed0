import { addDays } from '#shared/dates/iso-day.js';

/** What the crash test and its child (crash-child.ts) agree on. */

export interface CrashChildOptions {
  dataDir: string;
  baseUrl: string;
  token: string;
  projectId: string;
  wellId: string;
  /** Id of the first save; save n writes RECORDS_PER_SAVE days from firstDate + n·RECORDS_PER_SAVE. */
  firstId: number;
  firstDate: string;
  /** 'save': save until killed. 'drain': only sync, then say so and exit. */
  mode: 'save' | 'drain';
}

export const RECORDS_PER_SAVE = 3;

/** The records of save `id`: values derived from the id, so the parent can check them. */
export function recordsOf(id: number, firstDate: string) {
  return Array.from({ length: RECORDS_PER_SAVE }, (_, k) => ({
    date: addDays(firstDate, id * RECORDS_PER_SAVE + k),
    oil_rate: id,
    water_rate: k,
  }));
}
