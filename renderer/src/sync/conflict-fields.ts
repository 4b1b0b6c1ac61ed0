import { FIELD_RULES, isProductionField, type ProductionField } from '#shared/api/index.js';
import type { IpcError, OutboxConflictField } from '#shared/desktop/index.js';

/**
 * A conflict, day by day and field by field: the server's value now, the value
 * it had when the engineer edited (the base), and theirs. The core gives these
 * as numbers through outbox-get (`conflictFromFields`). Only when that is not
 * available (the operation left the outbox meanwhile, an older core) are they
 * read back from the error's wording (`readConflict`), one issue per field:
 *   records[2024-01-05].oil_rate: "is 12 bbl/d on the server (10 bbl/d when you
 *   edited it); yours is 11 bbl/d"
 * or, for a day deleted on the server, "was deleted on the server since your
 * edit"; anything else is kept as plain text, so a change of wording degrades
 * to the message, never to a wrong table.
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
  /** Empty for a deleted day read from the wording (it names no fields). */
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

/** A value as the core's conflict wording shows it: "12 bbl/d", or "empty". */
function shown(value: number | null, unit: string | undefined): string {
  if (value === null) return 'empty';
  return unit ? `${value} ${unit}` : String(value);
}

/** The structured conflict of outbox-get, with the labels and units the table shows. */
export function conflictFromFields(
  conflicts: readonly OutboxConflictField[],
  units: Partial<Record<ProductionField, string>>,
): ConflictView {
  const days = new Map<string, ConflictDay>();
  for (const entry of conflicts) {
    let day = days.get(entry.date);
    if (!day) {
      day = { date: entry.date, deletedOnServer: entry.theirsDeleted, fields: [] };
      days.set(entry.date, day);
    }
    const unit = units[entry.field];
    day.fields.push({
      field: entry.field,
      label: FIELD_RULES[entry.field].label,
      theirs: entry.theirsDeleted ? 'deleted' : shown(entry.theirs, unit),
      base: entry.baseMissing ? 'no record' : shown(entry.base, unit),
      ours: shown(entry.ours, unit),
      // Against "no record" any value is a change, and a deletion is one against a record.
      theirsChanged: entry.theirsDeleted
        ? !entry.baseMissing
        : entry.baseMissing || entry.theirs !== entry.base,
      oursChanged: entry.baseMissing || entry.ours !== entry.base,
    });
  }
  return { days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)), other: [] };
}
