import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { POSTGRES_MIGRATIONS } from '../migrations/postgres/index.js';
import {
  MONTH_COLUMNS,
  STORED_COLUMNS,
  SUMMED_FIELDS,
  packDays,
  storedMonths,
  sumMonths,
} from '../../serialize/monthly-sums.js';
import type { RawRow } from '../production-repo.js';
import { migratePostgres } from './pg-migrate.js';
import { createPool, PgDatabase } from './pg-session.js';

/**
 * PostgreSQL only (vitest.pg.config.ts): migrations 4 and 5 fill the monthly sums and packed
 * days of existing rows.
 */
const BASE = process.env.FLOWLINE_TEST_DATABASE_URL ?? '';
let admin: pg.Client;
const schema = `mbf_${randomBytes(6).toString('hex')}`;
const moveSchema = `mbm_${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.query(`CREATE SCHEMA ${moveSchema}`);
});
afterAll(async () => {
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.query(`DROP SCHEMA IF EXISTS ${moveSchema} CASCADE`);
  await admin.end();
});

describe('PostgreSQL migrations 4 and 5', () => {
  it('fills the sums from the rows already stored, as JS adds them', async () => {
    const url = new URL(BASE);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const db = new PgDatabase(createPool(url.toString()));
    try {
      await migratePostgres(db, POSTGRES_MIGRATIONS.slice(0, 3));
      await db.run(`INSERT INTO projects (id, name, description, timezone, unit_system, created_at, updated_at)
        VALUES ('p', 'P', '', 'UTC', 'imperial', 'x', 'x')`);
      for (const seq of [1, 2]) {
        await db.run(
          `INSERT INTO wells (seq, id, project_id, name, name_key, type, status, created_at, updated_at)
           OVERRIDING SYSTEM VALUE VALUES ($1, $2, 'p', $3, $4, 'producer', 'active', 'x', 'x')`,
          [seq, `w${seq}`, `W${seq}`, `w${seq}`],
        );
      }
      const dates: string[] = [];
      const columns = PRODUCTION_FIELDS.map(() => [] as Array<number | null>);
      const seqs: number[] = [];
      for (let i = 0; i < 500; i++) {
        seqs.push((i % 2) + 1);
        dates.push(addDays('2023-01-15', i));
        // Decimals whose running sums differ from compensated ones, nulls, and an overflow.
        PRODUCTION_FIELDS.forEach((_, f) =>
          columns[f]!.push((i * 7 + f) % 5 === 0 ? null : i === 100 ? 1e308 : (i % 97) / 10 + 0.1),
        );
      }
      for (let i = 0; i < 3; i++) columns[0]![i * 2] = 1.7e308; // oil of well 1 overflows
      await db.run(
        `INSERT INTO production (well_seq, date, ${PRODUCTION_FIELDS.join(', ')})
         SELECT * FROM unnest($1::bigint[], $2::text[], ${PRODUCTION_FIELDS.map((_, i) => `$${i + 3}::float8[]`).join(', ')})`,
        [seqs, dates, ...columns],
      );
      // Up to 5 only: what these migrations leave, whatever later ones add.
      expect(await migratePostgres(db, POSTGRES_MIGRATIONS.slice(0, 5))).toEqual([4, 5]);
      for (const seq of [1, 2]) {
        const all = await db.arrays<RawRow>(
          `SELECT date, ${PRODUCTION_FIELDS.join(', ')} FROM production WHERE well_seq = $1 ORDER BY date`,
          [seq],
        );
        const packed = await db.arrays<[string, Buffer]>(
          'SELECT month, days_packed FROM production_days WHERE well_seq = $1 ORDER BY month',
          [seq],
        );
        let start = 0;
        for (const [month, days] of packed) {
          const end = all.findIndex((row, i) => i >= start && !row[0].startsWith(month));
          const stop = end < 0 ? all.length : end;
          expect(days.equals(packDays(all, start, stop))).toBe(true);
          start = stop;
        }
        expect(start).toBe(all.length);
        const rows = await db.arrays<RawRow>(
          `SELECT date, ${SUMMED_FIELDS.join(', ')} FROM production WHERE well_seq = $1 ORDER BY date`,
          [seq],
        );
        const stored = await db.arrays(
          `SELECT month, ${MONTH_COLUMNS.join(', ')} FROM production_monthly WHERE well_seq = $1 ORDER BY month`,
          [seq],
        );
        expect(stored.length).toBeGreaterThan(5);
        expect(stored).toEqual(sumMonths(rows));
      }
    } finally {
      await db.pool.end();
    }
  });

  it('moves the packed days a version-4 database keeps in production_monthly, as stored', async () => {
    const url = new URL(BASE);
    url.searchParams.set('options', `-c search_path=${moveSchema}`);
    const db = new PgDatabase(createPool(url.toString()));
    try {
      await migratePostgres(db, POSTGRES_MIGRATIONS.slice(0, 4));
      await db.run(`INSERT INTO projects (id, name, description, timezone, unit_system, created_at, updated_at)
        VALUES ('p', 'P', '', 'UTC', 'imperial', 'x', 'x')`);
      await db.run(
        `INSERT INTO wells (seq, id, project_id, name, name_key, type, status, created_at, updated_at)
         OVERRIDING SYSTEM VALUE VALUES (1, 'w1', 'p', 'W1', 'w1', 'producer', 'active', 'x', 'x')`,
      );
      const daily: RawRow[] = [];
      for (let i = 0; i < 200; i++) {
        const values = PRODUCTION_FIELDS.map((_, f) => ((i + f) % 6 === 0 ? null : i / 10 + f));
        daily.push([addDays('2023-01-15', i), ...values]);
        await db.run(
          `INSERT INTO production (well_seq, date, ${PRODUCTION_FIELDS.join(', ')})
           VALUES (1, $1, ${PRODUCTION_FIELDS.map((_, f) => `$${f + 2}`).join(', ')})`,
          daily[i],
        );
      }
      // Version 4 kept each month's packed days in its sums row.
      const months = storedMonths(daily);
      for (const { columns, packed } of months) {
        await db.run(
          `INSERT INTO production_monthly (well_seq, month, ${STORED_COLUMNS.join(', ')}, days_packed)
           VALUES (1, ${[...columns, packed].map((_, i) => `$${i + 1}`).join(', ')})`,
          [...columns, packed],
        );
      }
      expect(await migratePostgres(db, POSTGRES_MIGRATIONS.slice(0, 5))).toEqual([5]);
      expect(
        await db.arrays(
          `SELECT month, ${STORED_COLUMNS.join(', ')} FROM production_monthly ORDER BY month`,
        ),
      ).toEqual(months.map((month) => month.columns));
      expect(
        await db.arrays('SELECT month, days_packed FROM production_days ORDER BY month'),
      ).toEqual(months.map((month) => [month.columns[0], month.packed]));
      expect(
        await db.scalar(
          `SELECT count(*)::int FROM information_schema.columns
           WHERE table_schema = $1 AND table_name = 'production_monthly' AND column_name = 'days_packed'`,
          [moveSchema],
        ),
      ).toBe(0);
    } finally {
      await db.pool.end();
    }
  });
});
