import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import {
  decodePackedBody,
  HISTORY_START,
  PACKED_BODY_TYPE,
  type HandlerReply,
  type ProductionColumnsResult,
  type ProductionGetResult,
  type ProductionVolumesBeforeResult,
} from '#shared/desktop/index.js';
import { volumesOf } from '#shared/production/index.js';
import { ProductionPacked } from '#core/cache/production-packed.js';
import type { CoreHarness } from '#core/testing/core-harness.js';
import { startWebHost } from '#electron/web-host/web-host-server.js';
import { PAGE_KEY_HEADER, PAGE_KEY_META } from '#electron/web-host/web-host-policy.js';
import { config } from './config.js';
import { fmt, median, verdict, type Report } from './report.js';

/**
 * The charts' read as typed columns, before and after, in the same run (these machines are
 * shared: only figures of one run compare):
 *
 * 1. Cold read of 20 years × 9 fields from the cache: the rows as production-get read them
 *    before (one SELECT, better-sqlite3 making a value per field and an array per row, then
 *    columns) against the packed years (cache migration 10: 20 blobs copied into typed
 *    arrays). Never memoised, so every read is cold. Goal < 10 ms.
 * 2. The core round trip as the renderer in the browser host makes it: HTTP POST /rpc,
 *    the body, and its decoding (JSON.parse before; the packed body's views after).
 *    Goal < 5 ms for production-columns.
 * 3. The volumes before a range: 15+ years of three rates as JSON summed by the renderer,
 *    against production-volumes-before's three numbers.
 */

const ROUND_TRIP_GOAL_MS = 5;
const COLD_GOAL_MS = 10;
const WARMUP = 5;

interface Target {
  projectId: string;
  wellId: string;
  from: string;
  to: string;
}

export async function runColumnsBenchmark(
  report: Report,
  harness: CoreHarness,
  target: Target,
): Promise<void> {
  const repeats = config.read.repeats;
  const { connections } = await harness.core.handlers['connections-list']({});
  const connectionId = (connections.find((c) => c.isCurrent) ?? connections[0])?.id as string;
  const db = new Database(join(harness.dataDir, 'cache.db'));
  const staticDir = mkdtempSync(join(tmpdir(), 'flowline-bench-host-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Flowline</title>');
  const host = await startWebHost({ core: harness.core, staticDir, events: [] });
  try {
    // 1. The cache read.
    const rows = db
      .prepare(
        `SELECT date, ${PRODUCTION_FIELDS.join(', ')} FROM production
         WHERE connection_id = ? AND well_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
      )
      .raw();
    const rowsRead = () => {
      const read = rows.all(connectionId, target.wellId, target.from, target.to) as Array<
        [string, ...Array<number | null>]
      >;
      const dates = new Array<string>(read.length);
      const columns = PRODUCTION_FIELDS.map(() => new Array<number | null>(read.length));
      for (let r = 0; r < read.length; r++) {
        const row = read[r]!;
        dates[r] = row[0];
        for (let f = 0; f < columns.length; f++) columns[f]![r] = row[f + 1] as number | null;
      }
      return dates.length;
    };
    const packed = new ProductionPacked(db);
    const packedRead = () =>
      packed.read(connectionId, target.wellId, { from: target.from, to: target.to }).days.length;
    if (rowsRead() !== packedRead()) throw new Error('the packed read differs from the rows');
    const cache = alternate(repeats, { rows: rowsRead, packed: packedRead });
    report.row({
      benchmark: '20 years × 9 fields from the cache, cold: packed years (after)',
      result: `${fmt.ms(cache.packed)} median`,
      reference: `rows, as before: ${fmt.ms(cache.rows)} (×${(cache.rows / cache.packed).toFixed(1)})`,
      goal: `< ${COLD_GOAL_MS} ms`,
      verdict: verdict(cache.packed < COLD_GOAL_MS),
    });

    // 1b. The same through the core's handlers (coverage checks, overlay, units): each read a
    // range never read before, so production-get's memo misses as a first read does.
    const handlerTimes = { get: [] as number[], columns: [] as number[] };
    for (let i = 0; i < WARMUP + repeats; i++) {
      const to = addDays(target.to, -1 - i);
      const args = { ...target, to, aggregation: 'daily' as const };
      let started = performance.now();
      await harness.core.invoke('production-get', args);
      const get = performance.now() - started;
      started = performance.now();
      await harness.core.invoke('production-columns', args);
      const columns = performance.now() - started;
      if (i >= WARMUP) {
        handlerTimes.get.push(get);
        handlerTimes.columns.push(columns);
      }
    }
    const handlerGet = median(handlerTimes.get);
    const handlerColumns = median(handlerTimes.columns);
    report.row({
      benchmark: 'core handler, cold range: production-columns (after)',
      result: `${fmt.ms(handlerColumns)} median`,
      reference: `production-get: ${fmt.ms(handlerGet)}`,
      goal: `< ${COLD_GOAL_MS} ms`,
      verdict: verdict(handlerColumns < COLD_GOAL_MS),
    });

    // 2. The round trip through the browser host.
    // Signed in as the page is: the session cookie, and the page key from the sign-in page.
    const session = await fetch(host.launchUrl, { redirect: 'manual' });
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const signIn = await session.text();
    const pageKey = new RegExp(`name="${PAGE_KEY_META}" content="([^"]+)"`).exec(signIn)?.[1];
    if (!pageKey) throw new Error('The browser host sign-in page carried no page key.');
    const origin = new URL(host.url).origin;
    const post = (name: string, args: unknown) =>
      fetch(`${host.url}rpc/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie,
          origin,
          [PAGE_KEY_HEADER]: pageKey,
        },
        body: JSON.stringify(args),
      });
    const args = { ...target, aggregation: 'daily' as const };
    let jsonBytes = 0;
    let packedBytes = 0;
    const viaJson = async () => {
      const response = await post('production-get', args);
      const text = await response.text();
      jsonBytes = text.length;
      const reply = JSON.parse(text) as HandlerReply<ProductionGetResult>;
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.result.data.dates.length;
    };
    const viaPacked = async () => {
      const response = await post('production-columns', args);
      if (!response.headers.get('content-type')?.startsWith(PACKED_BODY_TYPE)) {
        throw new Error('production-columns did not come as a packed body');
      }
      const buffer = await response.arrayBuffer();
      packedBytes = buffer.byteLength;
      const reply = decodePackedBody(buffer) as HandlerReply<ProductionColumnsResult>;
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.result.data.days.length;
    };
    // The floor: a handler answering a few bytes (sync-status) through the same host.
    const floor = async () => (await post('sync-status', {})).json();
    const trip = await alternateAsync(repeats, {
      json: viaJson,
      packed: viaPacked,
      floor,
    });
    report.row({
      benchmark: 'round trip via the browser host (HTTP + decode): production-columns',
      result: `${fmt.ms(trip.packed)} median, ${Math.round(packedBytes / 1024)} kB`,
      reference: `production-get JSON: ${fmt.ms(trip.json)}, ${Math.round(jsonBytes / 1024)} kB; a tiny reply: ${fmt.ms(trip.floor)}`,
      goal: `< ${ROUND_TRIP_GOAL_MS} ms`,
      verdict: verdict(trip.packed < ROUND_TRIP_GOAL_MS),
    });

    // 3. The volumes before a range: the last five years' range starts after 15 years.
    const before = addDays(target.to, -5 * 365);
    const history = {
      projectId: target.projectId,
      wellId: target.wellId,
      from: HISTORY_START,
      to: addDays(before, -1),
      aggregation: 'daily' as const,
      fields: ['oil_rate', 'gas_rate', 'water_rate'],
    };
    let historyBytes = 0;
    const summedInRenderer = async () => {
      const text = await (await post('production-get', history)).text();
      historyBytes = text.length;
      const reply = JSON.parse(text) as HandlerReply<ProductionGetResult>;
      if (!reply.ok) throw new Error(reply.error.message);
      return volumesOf(reply.result.data).oil_rate;
    };
    const summedInCore = async () => {
      const reply = (await (
        await post('production-volumes-before', {
          projectId: target.projectId,
          wellId: target.wellId,
          before,
        })
      ).json()) as HandlerReply<ProductionVolumesBeforeResult>;
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.result.data.volumes?.oil_rate ?? NaN;
    };
    if ((await summedInRenderer()) !== (await summedInCore())) {
      throw new Error('production-volumes-before differs from the renderer’s sum');
    }
    const volumes = await alternateAsync(repeats, { json: summedInRenderer, core: summedInCore });
    report.row({
      benchmark: 'volumes before a range (15 years): production-volumes-before',
      result: `${fmt.ms(volumes.core)} median`,
      reference: `rates as JSON, summed: ${fmt.ms(volumes.json)}, ${Math.round(historyBytes / 1024)} kB`,
      goal: `< ${ROUND_TRIP_GOAL_MS} ms`,
      verdict: verdict(volumes.core < ROUND_TRIP_GOAL_MS),
    });
    report.record('columns', {
      repeats,
      medianMs: {
        cacheRows: cache.rows,
        cachePacked: cache.packed,
        handlerGet,
        handlerColumns,
        roundTripJson: trip.json,
        roundTripPacked: trip.packed,
        roundTripFloor: trip.floor,
        volumesJson: volumes.json,
        volumesCore: volumes.core,
      },
      bytes: { json: jsonBytes, packed: packedBytes, history: historyBytes },
    });
  } finally {
    await host.close();
    db.close();
    rmSync(staticDir, { recursive: true, force: true });
  }
}

/** Each way timed in turn, `repeats` times after a warm-up; the median of each. */
function alternate<K extends string>(repeats: number, ways: Record<K, () => unknown>) {
  const times = Object.fromEntries(Object.keys(ways).map((k) => [k, [] as number[]])) as Record<
    K,
    number[]
  >;
  for (let i = 0; i < WARMUP + repeats; i++) {
    for (const key of Object.keys(ways) as K[]) {
      const started = performance.now();
      ways[key]();
      if (i >= WARMUP) times[key].push(performance.now() - started);
    }
  }
  return Object.fromEntries(
    (Object.keys(times) as K[]).map((k) => [k, median(times[k])]),
  ) as Record<K, number>;
}

async function alternateAsync<K extends string>(
  repeats: number,
  ways: Record<K, () => Promise<unknown>>,
) {
  const times = Object.fromEntries(Object.keys(ways).map((k) => [k, [] as number[]])) as Record<
    K,
    number[]
  >;
  for (let i = 0; i < WARMUP + repeats; i++) {
    for (const key of Object.keys(ways) as K[]) {
      const started = performance.now();
      await ways[key]();
      if (i >= WARMUP) times[key].push(performance.now() - started);
    }
  }
  return Object.fromEntries(
    (Object.keys(times) as K[]).map((k) => [k, median(times[k])]),
  ) as Record<K, number>;
}
