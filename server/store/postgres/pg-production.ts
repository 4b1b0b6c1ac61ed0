import {
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecord,
  type UnitSystem,
} from '#shared/api/index.js';
import {
  JSON_COLUMNS,
  STORED_COLUMNS,
  SUMMED_FIELDS,
  monthBounds,
  monthSplit,
  storedMonths,
  sumMonths,
  type MonthItem,
  type PackedMonth,
  type StoredMonth,
} from '../../serialize/monthly-sums.js';
import { batchValue, MONTH_RUN, MonthSet } from '../import-rows.js';
import { notFound } from '../../http/api-error.js';
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

/**
 * One statement per chunk that also says how many rows it inserted: `xmax = 0` holds for a
 * row version this statement created, not for one it updated (PostgreSQL's usual idiom).
 * Counting here spares the two range counts before and after the write a round trip each.
 */
const UPSERT = `WITH written AS (
  INSERT INTO production (well_seq, date, ${PRODUCTION_FIELDS.join(', ')})
  SELECT $1::bigint, * FROM unnest($2::text[], ${PRODUCTION_FIELDS.map((_, i) => `$${i + 3}::float8[]`).join(', ')})
  ON CONFLICT (well_seq, date) DO UPDATE SET
  ${PRODUCTION_FIELDS.map((f) => `${f} = excluded.${f}`).join(', ')}
  RETURNING (xmax = 0) AS inserted)
  SELECT count(*) FILTER (WHERE inserted) FROM written`;

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

    readPacked: (wellSeq, from, to) =>
      db.arrays<PackedMonth>(
        `SELECT month, days_packed FROM production_days
         WHERE well_seq = $1 AND month BETWEEN $2 AND $3 ORDER BY month`,
        [wellSeq, from.slice(0, 7), to.slice(0, 7)],
      ),

    // One round trip: the stored whole months (their stored items) and the daily rows of the
    // months the range cuts short (their seven summed fields), in one ordering (text "C": a
    // month 'YYYY-MM' sorts before its own days and after the days of earlier months).
    readMonthly: async (wellSeq, from, to, system) => {
      const { head, months, tail } = monthSplit(from, to);
      const none = ['1', '0']; // an empty BETWEEN
      const rows = await db.arrays<MonthlyReadRow>(READ_MONTHLY[system], [
        wellSeq,
        ...(months ?? none),
        ...(head ?? none),
        ...(tail ?? none),
      ]);
      const out: MonthItem[] = [];
      let daily: RawRow[] = [];
      const flush = () => {
        if (daily.length === 0) return;
        for (const month of sumMonths(daily)) out.push(month);
        daily = [];
      };
      for (const row of rows) {
        if (row[0].length === 7) {
          flush();
          out.push([row[0], row[1] as string] as StoredMonth);
        } else {
          daily.push([row[0], ...(row.slice(2) as Array<number | null>)]);
        }
      }
      flush();
      return out;
    },

    upsert: (wellSeq, records, now = new Date()) =>
      db.transaction(async (tx) => {
        await lockWell(tx, wellSeq);
        let inserted = 0;
        let first = records[0]?.date ?? '';
        let last = first;
        for (const record of records) {
          if (record.date < first) first = record.date;
          if (record.date > last) last = record.date;
        }
        for (let start = 0; start < records.length; start += CHUNK) {
          const chunk = records.slice(start, start + CHUNK);
          inserted +=
            (await tx.scalar<number>(UPSERT, [
              wellSeq,
              chunk.map((record) => record.date),
              // `?? null`: a member absent from the request replaces the stored value with null.
              ...PRODUCTION_FIELDS.map((field) => chunk.map((record) => record[field] ?? null)),
            ])) ?? 0;
        }
        if (records.length > 0) await refreshMonths(tx, wellSeq, first, last);
        await afterWrite(tx, wellSeq, now);
        return { inserted, updated: records.length - inserted };
      }),

    // The rows come from a spill (import-rows.ts) a batch at a time and go in one statement per
    // batch; the stored sums are rewritten a run of months at a time after every row is in, so
    // neither this process nor a statement holds more than a batch or a run, whatever the size.
    importRows: (wellSeq, rows, now = new Date(), signal) =>
      db.transaction(async (tx) => {
        if ((await lockWell(tx, wellSeq)) === 0) throw notFound('Well');
        const months = new MonthSet();
        let inserted = 0;
        for (const batch of rows.batches()) {
          signal?.throwIfAborted();
          const fields = PRODUCTION_FIELDS.map((_, field) => {
            const values = new Array<number | null>(batch.size);
            for (let row = 0; row < batch.size; row++) values[row] = batchValue(batch, row, field);
            return values;
          });
          inserted += (await tx.scalar<number>(UPSERT, [wellSeq, batch.dates, ...fields])) ?? 0;
          for (const date of batch.dates) months.add(date);
        }
        for (const [first, last] of months.runs(MONTH_RUN)) {
          signal?.throwIfAborted();
          await refreshMonths(tx, wellSeq, first, last);
        }
        signal?.throwIfAborted();
        await afterWrite(tx, wellSeq, now);
        return { inserted, updated: rows.count - inserted };
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
        if (deleted > 0) await refreshMonths(tx, wellSeq, from, to);
        await afterWrite(tx, wellSeq, now);
        return deleted;
      }),
  };
}

/** `[month, stored item, NULL…]` for a stored month, `[date, NULL, …summed fields]` for a day. */
type MonthlyReadRow = [string, string | null, ...Array<number | null>];

const readMonthlySql = (system: UnitSystem) => `SELECT month, ${system}_json,
    ${SUMMED_FIELDS.map(() => 'NULL::float8').join(', ')}
    FROM production_monthly
    WHERE well_seq = $1 AND month BETWEEN $2 AND $3
  UNION ALL
  SELECT date, NULL, ${SUMMED_FIELDS.join(', ')}
    FROM production
    WHERE well_seq = $1 AND (date BETWEEN $4 AND $5 OR date BETWEEN $6 AND $7)
  ORDER BY 1`;
const READ_MONTHLY: Record<UnitSystem, string> = {
  imperial: readMonthlySql('imperial'),
  metric: readMonthlySql('metric'),
};

const DAILY_ALL = `SELECT date, ${PRODUCTION_FIELDS.join(', ')} FROM production
  WHERE well_seq = $1 AND date BETWEEN $2 AND $3 ORDER BY date`;

/** Counts are int4 (a number from node-pg), sums float8. */
const monthColumnType = (column: string) =>
  column === 'days' || column.endsWith('_n') ? 'int' : 'float8';

const INSERT_MONTHS = `INSERT INTO production_monthly (well_seq, month, ${STORED_COLUMNS.join(', ')})
  SELECT $1::bigint, * FROM unnest($2::text[], ${STORED_COLUMNS.map(
    (column, i) =>
      `$${i + 3}::${
        (JSON_COLUMNS as readonly string[]).includes(column) ? 'text' : monthColumnType(column)
      }[]`,
  ).join(', ')})`;

const INSERT_DAYS = `INSERT INTO production_days (well_seq, month, days_packed)
  SELECT $1::bigint, * FROM unnest($2::text[], $3::bytea[])`;

async function insertMonths(tx: PgSession, wellSeq: number, daily: RawRow[]): Promise<void> {
  const rows = storedMonths(daily);
  if (rows.length === 0) return;
  const months = rows.map((row) => row.columns[0]);
  await tx.run(INSERT_MONTHS, [
    wellSeq,
    months,
    ...STORED_COLUMNS.map((_, i) => rows.map((row) => row.columns[i + 1])),
  ]);
  await tx.run(INSERT_DAYS, [wellSeq, months, rows.map((row) => row.packed)]);
}

/**
 * Rewrites the stored sums and packed days of the months holding `first`..`last` from the well's daily rows
 * (server/serialize/monthly-sums.ts), inside the write's transaction, as SQLite's refreshMonths.
 */
async function refreshMonths(
  tx: PgSession,
  wellSeq: number,
  first: string,
  last: string,
): Promise<void> {
  const [start, end] = monthBounds(first.slice(0, 7), last.slice(0, 7));
  const rows = await tx.arrays<RawRow>(DAILY_ALL, [wellSeq, start, end]);
  const months = [wellSeq, first.slice(0, 7), last.slice(0, 7)];
  await tx.run(
    'DELETE FROM production_monthly WHERE well_seq = $1 AND month BETWEEN $2 AND $3',
    months,
  );
  await tx.run(
    'DELETE FROM production_days WHERE well_seq = $1 AND month BETWEEN $2 AND $3',
    months,
  );
  await insertMonths(tx, wellSeq, rows);
}

/** Fills production_monthly and production_days for every well from scratch (migration 5's backfill). */
export async function rebuildPgMonthlySums(tx: PgSession): Promise<void> {
  await tx.run('DELETE FROM production_monthly');
  await tx.run('DELETE FROM production_days');
  const wells = await tx.arrays<[number]>('SELECT DISTINCT well_seq FROM production');
  for (const [seq] of wells) {
    const rows = await tx.arrays<RawRow>(DAILY_ALL, [seq, '', '\uffff']);
    await insertMonths(tx, seq, rows);
  }
}

/** Locks the well's row; 0 when there is no such well. */
async function lockWell(tx: PgSession, wellSeq: number): Promise<number> {
  return tx.run('SELECT 1 FROM wells WHERE seq = $1 FOR UPDATE', [wellSeq]);
}

/**
 * Keeps firstProductionDate current (touching updatedAt only when it moved) and bumps
 * data_version, inside the write's transaction, in one statement.
 */
async function afterWrite(tx: PgSession, wellSeq: number, now: Date): Promise<void> {
  await tx.run(
    `UPDATE wells SET
       data_version = data_version + 1,
       updated_at = CASE WHEN first_production_date IS DISTINCT FROM f.first
                         THEN $2 ELSE updated_at END,
       first_production_date = f.first
     FROM (SELECT (SELECT date FROM production WHERE well_seq = $1
             AND (oil_rate > 0 OR gas_rate > 0 OR water_rate > 0)
           ORDER BY date LIMIT 1) AS first) AS f
     WHERE seq = $1`,
    [wellSeq, now.toISOString()],
  );
}
