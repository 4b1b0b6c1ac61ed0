import { revokeToken } from '#server/auth/token-store.js';
import type { ProductionRecordInput } from '#shared/api/index.js';
import type { RecordsSaveResult } from '#shared/desktop/index.js';
import { day, startSyncFixture, type SyncFixture, type WellRef } from './sync-fixture.js';

/**
 * A core whose edits stay queued: the server refuses its token, and after a
 * 401 the engine sends nothing until the token changes (see sync-auth.test.ts).
 * For tests of saving and of the overlay. Three wells with January to March
 * 2024 cached: two imperial, one metric.
 */
export interface HeldFixture {
  fixture: SyncFixture;
  imperial: WellRef;
  other: WellRef;
  metric: WellRef;
  save(
    well: WellRef,
    records: ProductionRecordInput[] | Array<Record<string, unknown>>,
  ): Promise<RecordsSaveResult>;
  /** Discards whatever is queued. */
  clearOutbox(): Promise<void>;
}

export async function startHeldFixture(): Promise<HeldFixture> {
  const fixture = await startSyncFixture();
  const [imperial, other] = (await fixture.wells('imperial', 2)) as [WellRef, WellRef];
  const [metric] = (await fixture.wells('metric', 1)) as [WellRef];
  for (const well of [imperial, metric, other]) {
    await fixture.harness.core.handlers['production-get']({
      projectId: well.projectId,
      wellId: well.wellId,
      from: '2024-01-01',
      to: '2024-03-31',
      aggregation: 'daily',
    });
  }
  const save: HeldFixture['save'] = (well, records) =>
    fixture.harness.core.handlers['records-save']({
      projectId: well.projectId,
      wellId: well.wellId,
      records: records as ProductionRecordInput[],
    });
  const clearOutbox = async () => {
    const seqs = (await fixture.harness.core.handlers['outbox-list']({})).operations.map(
      (op) => op.seq,
    );
    if (seqs.length > 0) await fixture.harness.core.handlers['outbox-discard']({ seqs });
  };
  revokeToken(fixture.demo.server.db, fixture.demo.token);
  await save(other, [day('2020-01-01')]);
  await fixture.waitForStatus((status) => status.phase === 'signed-out');
  await clearOutbox();
  return { fixture, imperial, other, metric, save, clearOutbox };
}
