import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '#shared/client/index.js';
import {
  startDownloadFixture,
  wellOfRequest,
  type DownloadFixture,
} from '../download/testing/download-fixture.js';

/**
 * A read the person waits on and the background replication meet on one well: fetching is
 * the replicator's, so each day is fetched once. The server's answer to the first production
 * request is held back until the test lets it go, which makes the meeting certain rather
 * than a matter of timing.
 */

interface Held {
  wellId: string;
  from: string;
  to: string;
  release(): void;
}

/** Every production request sent, and the first one held until released. */
function holdingFetch() {
  const production: Array<{ wellId: string; from: string; to: string }> = [];
  let announce!: (held: Held) => void;
  const firstHeld = new Promise<Held>((resolve) => (announce = resolve));
  let holding = true;
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    if (url.pathname.endsWith('/production') && (init.method ?? 'GET') === 'GET') {
      const request = {
        wellId: wellOfRequest(url.pathname),
        from: url.searchParams.get('from')!,
        to: url.searchParams.get('to')!,
      };
      production.push(request);
      if (holding) {
        holding = false;
        await new Promise<void>((release) => announce({ ...request, release }));
      }
    }
    return globalThis.fetch(input, init);
  };
  return { fetch, production, firstHeld };
}

let fixture: DownloadFixture | undefined;
afterEach(() => fixture?.close());

const overlaps = (a: { from: string; to: string }, b: { from: string; to: string }) =>
  a.from <= b.to && b.from <= a.to;

/** A 4-well project opened for keeping, its first production request held on the wire. */
async function replicationHeldAtFirstFetch() {
  const network = holdingFetch();
  const started = await startDownloadFixture({ wellCounts: [4], core: { fetch: network.fetch } });
  fixture = started;
  const [project] = started.projects;
  const handlers = started.harness.core.handlers;
  await handlers['replica-open']({ projectId: project!.id });
  return { started, network, project, handlers, held: await network.firstHeld };
}

describe('a read and the replication meeting on one well', () => {
  it('waits for the fetch already on the wire and sends no request of its own', async () => {
    const { started, network, project, handlers, held } = await replicationHeldAtFirstFetch();
    const read = handlers['production-get']({
      projectId: project!.id,
      wellId: held.wellId,
      from: held.from,
      to: held.to,
      aggregation: 'daily',
    });
    // Time for the read to find the well's days missing and ask for them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    held.release();
    expect(await read).toMatchObject({ offline: false, data: { wellId: held.wellId } });
    await started.harness.core.whenIdle();
    const sameDays = network.production.filter(
      (request) => request.wellId === held.wellId && overlaps(request, held),
    );
    expect(sameDays).toHaveLength(1);
  });

  it('leaves to the read a well it fetched while the replication was busy elsewhere', async () => {
    const { started, network, project, handlers, held } = await replicationHeldAtFirstFetch();
    // The last well of the list: the replication planned its recent days before this read.
    const wells = await started.wellsOf(project!.id);
    const other = wells.findLast((well) => well.id !== held.wellId)!;
    const range = { from: held.from, to: held.to };
    const read = { ...range, aggregation: 'daily' as const };
    await handlers['production-get']({ projectId: project!.id, wellId: other.id, ...read });
    held.release();
    await started.harness.core.whenIdle();
    expect((await handlers['replica-status']({ projectId: project!.id })).wellsComplete).toBe(4);
    const sameDays = network.production.filter(
      (request) => request.wellId === other.id && overlaps(request, range),
    );
    expect(sameDays).toEqual([{ wellId: other.id, ...range }]);
  });
});
