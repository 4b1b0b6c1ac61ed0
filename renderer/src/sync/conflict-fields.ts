import { FIELD_RULES, isProductionField, type ProductionField } from '../../../shared/api/index.js';
import type { IpcError } from '../../../shared/desktop/index.js';

/**
 * A conflict, day by day and field by field: the server's value now, the value
 * it had when the engineer edited (the base), and theirs. The core reports a
 * conflict only through its error's issues, one per differing field, worded
 *   records[2024-01-05].oil_rate: "is 12 bbl/d on the server (10 bbl/d when you
 *   edited it); yours is 11 bbl/d"
 * or, for a day deleted on the server, "was deleted on the server since your
 * edit". This reads that wording back; anything else is kept as plain text, so
 * a change of wording degrades to the message, never to a wrong table.
 */

export interface ConflictField {
  field: ProductionField | string;
  label: string;
  theirs: string;
  base: string;
  ours: string;
  /** The server moved away from the base (what someone else did). */
  theirsChanged: boolean;
  /** The engineer moved away from the base (what they did). */
  oursChanged: boolean;
}

export interface ConflictDay {
  date: string;
  /** The server has no record for the day any more. */
  deletedOnServer: boolean;
  fields: ConflictField[];
}

export interface ConflictView {
  days: ConflictDay[];
  /** Issues that could not be read as a field comparison, as sent. */
  other: Array<{ path: string; message: string }>;
}

const PATH = /^records\[(\d{4}-\d{2}-\d{2})\](?:\.(\w+))?$/;
const COMPARISON = /^is (.+) on the server \((.+) when you edited it\); yours is (.+)$/;
const DELETED = /^was deleted on the server/;

export function readConflict(error: IpcError | null): ConflictView {
  const days = new Map<string, ConflictDay>();
  const other: ConflictView['other'] = [];
  const day = (date: string) => {
    let found = days.get(date);
    if (!found) {
      found = { date, deletedOnServer: false, fields: [] };
      days.set(date, found);
    }
    return found;
  };
  for (const issue of error?.details?.issues ?? []) {
    const place = PATH.exec(issue.path);
    const date = place?.[1];
    const field = place?.[2];
    if (date !== undefined && field === undefined && DELETED.test(issue.message)) {
      day(date).deletedOnServer = true;
      continue;
    }
    const values = COMPARISON.exec(issue.message);
    if (date === undefined || field === undefined || !values) {
      other.push(issue);
      continue;
    }
    const [, theirs, base, ours] = values as unknown as [string, string, string, string];
    day(date).fields.push({
      field,
      label: isProductionField(field) ? FIELD_RULES[field].label : field,
      theirs,
      // The core says "no record" when the server had no row for the day at the time.
      base,
      ours,
      theirsChanged: theirs !== base,
      oursChanged: ours !== base,
    });
  }
  return { days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)), other };
}
