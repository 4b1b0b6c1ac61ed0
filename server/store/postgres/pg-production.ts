import {
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecord,
} from '../../../shared/api/index.js';
import type { RawRow } from '../production-repo.js';
import {
  groupRecentRates,
  recentRatesSql,
  type RecentRatesRow,
} from '../production-latest-repo.js';
import type { ProductionStore } from '../store.js';
import type { PgDatabase, PgSession } from './pg-session.js';

/** Rows per INSERT: each field travels as one array parameter, so a statement stays small. */
const CHUNK = 5_000;

const UPSERT = `INSERT INTO production (well_seq, date, ${PRODUCTION_FIELDS.join(', ')})
  SELECT $1::bigint, * FROM unnest($2::text[], ${PRODUCTION_FIELDS.map((_, i) => `$${i + 3}::float8[]`).join(', ')})
  ON CONFLICT (well_seq, date) DO UPDATE SET
  ${PRODUCTION_FIELDS.map((f) => `${f} = excluded.${f}`).join(', ')}`;

function reader(fields: readonly ProductionField[]): string {
  const columns = fields.length > 0 ? `, ${fields.join(', ')}` : '';
  return `SELECT date${columns} FROM production
    WHERE well_seq = $1 AND date BETWEEN $2 AND $3 ORDER BY date`;
}

/**
 * Daily production of a well, as server/store/production-repo.ts keeps it for SQLite. A write
 * first locks its well's row, so writes to one well take turns (the inserted count and the
 * data version stay exact with several instances), while other wells are written meanwhile.
 */
export function pgProduction(db: PgDatabase): ProductionStore {
  return {
    read: (wellSeq, from, to) =>
      db.rows<ProductionRecord>(reader(PRODUCTION_FIELDS), [wellSeq, from, to]),

    readRaw: (wellSeq, from, to, fields) => db.arrays<RawRow>(reader(fields), [wellSeq, from, to]),

    upsert: (wellSeq, records, now = new Date()) =>
      db.transaction(async (tx) => {
        await lockWell(tx, wellSeq);
        let first = records[0]?.date ?? '';
        let last = first;
        for (const record of records) {
          if (record.date < first) first = record.date;
          if (record.date > last) last = record.date;
        }
        // As in SQLite: new rows can only come from this request, so the growth of the row
        // count over its date span is the number inserted.
        const countInSpan = async () =>
          (await tx.scalar<number>(
            'SELECT COUNT(*) FROM production WHERE well_seq = $1 AND date BETWEEN $2 AND $3',
            [wellSeq, first, last],
          )) ?? 0;
        const before = await countInSpan();
        for (let start = 0; start < records.length; start += CHUNK) {
          const chunk = records.slice(start, start + CHUNK);
          await tx.run(UPSERT, [
            wellSeq,
            chunk.map((record) => record.date),
            // `?? null`: a member absent from the request replaces the stored value with null.
            ...PRODUCTION_FIELDS.map((field) => chunk.map((record) => record[field] ?? null)),
          ]);
        }
        const inserted = (await countInSpan()) - before;
        await afterWrite(tx, wellSeq, now);
        return { inserted, updated: records.length - inserted };
      }),

    // Dates are ISO text: the window's first day is computed as a date and written back.
    recentRates: async (projectId, days) =>
      groupRecentRates(
        await db.arrays<RecentRatesRow>(
          recentRatesSql('$1', '$2', "to_char(last.last_date::date - OFFSET::int, 'YYYY-MM-DD')"),
          [projectId, days - 1],
        ),
      ),

    deleteRange: (wellSeq, from, to, now = new Date()) =>
      db.transaction(async (tx) => {
        await lockWell(tx, wellSeq);
        const deleted = await tx.run(
          'DELETE FROM production WHERE well_seq = $1 AND date BETWEEN $2 AND $3',
          [wellSeq, from, to],
        );
        await afterWrite(tx, wellSeq, now);
        return deleted;
      }),
  };
}

async function lockWell(tx: PgSession, wellSeq: number): Promise<void> {
  await tx.run('SELECT 1 FROM wells WHERE seq = $1 FOR UPDATE', [wellSeq]);
}

/** Keeps firstProductionDate current and bumps data_version, inside the write's transaction. */
async function afterWrite(tx: PgSession, wellSeq: number, now: Date): Promise<void> {
  const first = await tx.scalar<string>(
    `SELECT date FROM production WHERE well_seq = $1
     AND (oil_rate > 0 OR gas_rate > 0 OR water_rate > 0) ORDER BY date LIMIT 1`,
    [wellSeq],
  );
  await tx.run(
    `UPDATE wells SET first_production_date = $2, updated_at = $3
     WHERE seq = $1 AND first_production_date IS DISTINCT FROM $2`,
    [wellSeq, first ?? null, now.toISOString()],
  );
  await tx.run('UPDATE wells SET data_version = data_version + 1 WHERE seq = $1', [wellSeq]);
}
