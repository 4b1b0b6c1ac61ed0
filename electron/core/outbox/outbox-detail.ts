import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  unitLabel,
  type ProductionField,
  type UnitSystem,
} from '#shared/api/index.js';
import {
  CoreError,
  type OutboxConflictField,
  type OutboxGetResult,
  type OutboxRecordView,
  type ProductionValues,
} from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import { displayConverter } from '../units/cache-units.js';
import { operationView } from './outbox-admin.js';
import type { OutboxOp } from './outbox-repo.js';
import { parsePayload, storedPatchToApi } from './payloads.js';
import type { OutboxRecord } from './outbox-records-repo.js';
import type { Base, StoredValues } from './stored-values.js';

/**
 * outbox-get: an operation with its content, from the outbox itself. The cache
 * is asked only for the well's name and the project's units; when it has
 * dropped them (deleted on the server), migration 4's remembered copies answer,
 * so a rejected change can still be exported with its values.
 */
export function operationDetail(
  ctx: CoreContext,
  connectionId: string,
  seq: number,
  withRecords: boolean,
): OutboxGetResult {
  // One read transaction: the operation and its records as of one moment, even mid-sync.
  return ctx.db.transaction(() => {
    const op = ctx.outbox.get(connectionId, seq);
    if (!op) {
      throw new CoreError(
        'not-found',
        `There is no queued change ${seq}; it may have been sent or discarded.`,
      );
    }
    const remembered = ctx.outbox.remembered(connectionId, seq);
    const unitSystem: UnitSystem =
      ctx.projects.get(connectionId, op.projectId)?.unitSystem ??
      remembered.unitSystem ??
      'imperial';
    const wellName = ctx.wells.get(connectionId, op.wellId)?.name ?? remembered.wellName ?? null;
    const toValues = valuesMaker(unitSystem);
    const stored = op.kind === 'upsert-records' ? ctx.outboxRecords.of(op.seq) : [];
    return {
      ...operationView(ctx, op),
      wellName,
      unitSystem,
      units: Object.fromEntries(
        PRODUCTION_FIELDS.map((field) => [
          field,
          unitLabel(FIELD_RULES[field].quantity, unitSystem),
        ]),
      ) as Record<ProductionField, string>,
      lengthUnit: unitLabel('length', unitSystem),
      records:
        op.kind === 'upsert-records' && withRecords
          ? stored.map((record) => recordView(record, toValues))
          : null,
      patch:
        op.kind === 'update-well'
          ? storedPatchToApi(parsePayload(op, 'update-well').patch, unitSystem)
          : null,
      conflicts: conflictFields(op, stored, toValues),
    };
  })();
}

type ToValues = (values: StoredValues) => ProductionValues;

/** Stored (imperial) values in `system`, with the converters production-get uses. */
function valuesMaker(system: UnitSystem): ToValues {
  const converters = PRODUCTION_FIELDS.map((field) =>
    displayConverter(FIELD_RULES[field].quantity, system),
  );
  return (values) => {
    const out = {} as ProductionValues;
    PRODUCTION_FIELDS.forEach((field, f) => {
      const value = values[f] ?? null;
      out[field] = value === null ? null : converters[f]!(value);
    });
    return out;
  };
}

function recordView(record: OutboxRecord, toValues: ToValues): OutboxRecordView {
  return {
    date: record.date,
    values: toValues(record.values),
    base: baseView(record.base, toValues),
  };
}

function baseView(base: Base, toValues: ToValues): OutboxRecordView['base'] {
  return base === null || base === 'unknown' ? base : toValues(base);
}

/**
 * The disputed fields, from the server's values kept in the payload when the
 * conflict was found (sync/push-upserts.ts) and our record with its base.
 * The same fields conflictError words: those where the server differs from
 * ours; for a day the server deleted, every field either side had a value in
 * (all nine if none had, so the day still shows).
 */
function conflictFields(
  op: OutboxOp,
  stored: readonly OutboxRecord[],
  toValues: ToValues,
): OutboxConflictField[] | null {
  if (op.kind !== 'upsert-records' || op.state !== 'conflict') return null;
  const theirsByDate = parsePayload(op, 'upsert-records').theirs;
  if (!theirsByDate) return null;
  const records = new Map(stored.map((record) => [record.date, record]));
  const fields: OutboxConflictField[] = [];
  for (const date of Object.keys(theirsByDate).sort()) {
    const record = records.get(date);
    if (!record) continue; // a later delete dropped the day from this operation
    const theirsStored = theirsByDate[date] ?? null;
    const ours = toValues(record.values);
    const theirs = theirsStored === null ? null : toValues(theirsStored);
    const base = record.base === null || record.base === 'unknown' ? null : toValues(record.base);
    let disputed = PRODUCTION_FIELDS.filter((field) =>
      theirs === null
        ? ours[field] !== null || (base?.[field] ?? null) !== null
        : theirs[field] !== ours[field],
    );
    if (theirs === null && disputed.length === 0) disputed = [...PRODUCTION_FIELDS];
    for (const field of disputed) {
      fields.push({
        date,
        field,
        ours: ours[field],
        theirs: theirs?.[field] ?? null,
        base: base?.[field] ?? null,
        theirsDeleted: theirs === null,
        baseMissing: record.base === null,
      });
    }
  }
  return fields;
}
