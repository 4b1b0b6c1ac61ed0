import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTION_FIELDS, type ProductionRecord } from '#shared/api/index.js';
import { openDatabase, type Db } from '#server/store/database.js';

/**
 * The floor for a production write: the same rows upserted with one prepared
 * statement in one transaction, on the server's schema opened by the server's
 * openDatabase (WAL, synchronous=FULL), in this process on its own temp file.
 */
export class RawUpserter {
  private readonly dir = mkdtempSync(join(tmpdir(), 'flowline-bench-raw-'));
  private readonly db: Db = openDatabase(join(this.dir, 'raw.db'));
  private readonly upsert;
  private readonly addWell;
  private nextWell = 0;

  constructor() {
    const stamp = '2024-01-01T00:00:00.000Z';
    this.db
      .prepare(
        `INSERT INTO projects (id, name, description, timezone, unit_system, created_at, updated_at)
      VALUES ('prj_raw', 'raw', '', 'UTC', 'imperial', ?, ?)`,
      )
      .run(stamp, stamp);
    this.addWell = this.db
      .prepare(`INSERT INTO wells (id, project_id, name, name_key, type, status, created_at, updated_at)
      VALUES (?, 'prj_raw', ?, ?, 'producer', 'active', '${stamp}', '${stamp}')`);
    this.upsert = this.db.prepare(
      `INSERT INTO production (well_seq, date, ${PRODUCTION_FIELDS.join(', ')})
       VALUES (?, ?, ${PRODUCTION_FIELDS.map(() => '?').join(', ')})
       ON CONFLICT (well_seq, date) DO UPDATE SET
       ${PRODUCTION_FIELDS.map((f) => `${f} = excluded.${f}`).join(', ')}`,
    );
  }

  /** Upserts `records` into a fresh well (as the API runs do); returns elapsed ms. */
  run(records: readonly ProductionRecord[]): number {
    const name = `raw ${this.nextWell++}`;
    const seq = Number(this.addWell.run(`wel_${name}`, name, name).lastInsertRowid);
    const started = performance.now();
    this.db
      .transaction(() => {
        for (const r of records) {
          this.upsert.run(
            seq,
            r.date,
            r.oil_rate,
            r.water_rate,
            r.gas_rate,
            r.bhp,
            r.thp,
            r.choke_size,
            r.runtime,
            r.gor,
            r.watercut,
          );
        }
      })
      .immediate();
    return performance.now() - started;
  }

  close(): void {
    this.db.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
