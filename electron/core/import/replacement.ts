import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecordInput,
  type UnitSystem,
} from '#shared/api/index.js';
import {
  MAX_PREVIEW_REPLACED_DAYS,
  type ImportReplacedDay,
  type ImportReplacement,
  type UntouchedFieldChoice,
} from '#shared/desktop/index.js';
import { withRatiosFollowingRates } from '../outbox/ratios-follow.js';
import { recordToStored, type StoredValues } from '../outbox/stored-values.js';
import { displayConverter } from '../units/cache-units.js';
import type { ExistingDays } from './existing-days.js';

/**
 * What an import changes on days this computer has: each changed value before and after,
 * as saveRecords will store it (the same ratio rule: a derived GOR or watercut follows new
 * rates), counted per field; and the fields the file does not carry, with what becomes of
 * them under the person's choice.
 */
export class ReplacementTally {
  private readonly changed = new Map<ProductionField, number>();
  private readonly days: ImportReplacedDay[] = [];
  private changedDays = 0;
  private readonly untouched = new Map<
    ProductionField,
    { days: number; daysWithRatesChanged: number; min: number | null; max: number | null }
  >();
  private readonly show;

  constructor(
    private readonly system: UnitSystem,
    private readonly unmapped: readonly ProductionField[],
    private readonly choice: UntouchedFieldChoice,
  ) {
    this.show = PRODUCTION_FIELDS.map((field) =>
      displayConverter(FIELD_RULES[field].quantity, system),
    );
  }

  /** `records`: a well's rows as they will be saved (kept fields filled in or not). */
  add(wellId: string, records: readonly ProductionRecordInput[], existing: ExistingDays): void {
    for (const record of records) {
      const before = existing.values.get(record.date);
      if (!before) continue;
      const after = withRatiosFollowingRates(before, recordToStored(record, this.system, 0, []));
      this.tallyUntouched(before, after);
      const changes = PRODUCTION_FIELDS.flatMap((field, f) => {
        const old = before[f] ?? null;
        const next = after[f] ?? null;
        if (old === next) return [];
        this.changed.set(field, (this.changed.get(field) ?? 0) + 1);
        return [{ field, before: this.view(f, old), after: this.view(f, next) }];
      });
      if (changes.length === 0) continue;
      this.changedDays++;
      if (this.days.length < MAX_PREVIEW_REPLACED_DAYS)
        this.days.push({ wellId, date: record.date, changes });
    }
  }

  result(): ImportReplacement | null {
    if (this.changedDays === 0 && this.untouched.size === 0) return null;
    return {
      changedPerField: PRODUCTION_FIELDS.filter((field) => this.changed.has(field)).map(
        (field) => ({ field, changed: this.changed.get(field)! }),
      ),
      days: [...this.days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
      changedDays: this.changedDays,
      untouched: [...this.untouched].map(([field, tally]) => ({ field, ...tally })),
      untouchedChoice: this.choice,
    };
  }

  private view(f: number, stored: number | null): number | null {
    return stored === null ? null : this.show[f]!(stored);
  }

  /** The fields not in the file that hold a value on this day (ratios follow the rates). */
  private tallyUntouched(before: StoredValues, after: StoredValues): void {
    const ratesChange = [0, 1, 2].some((f) => (before[f] ?? null) !== (after[f] ?? null));
    for (const field of this.unmapped) {
      if (field === 'gor' || field === 'watercut') continue;
      const f = PRODUCTION_FIELDS.indexOf(field);
      const value = before[f] ?? null;
      if (value === null) continue;
      const shown = this.view(f, value)!;
      const tally = this.untouched.get(field) ?? {
        days: 0,
        daysWithRatesChanged: 0,
        min: null,
        max: null,
      };
      tally.days++;
      if (ratesChange) tally.daysWithRatesChanged++;
      tally.min = tally.min === null ? shown : Math.min(tally.min, shown);
      tally.max = tally.max === null ? shown : Math.max(tally.max, shown);
      this.untouched.set(field, tally);
    }
  }
}
