import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type CoreHarness } from '../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../testing/demo-server.js';

/**
 * The status bar's truth: "Online" only after the server answered in this session. A core
 * that starts on a fresh cache (nothing to refresh yet, so no call made) knows nothing; a
 * probe finds out, whatever the cache's age.
 */

let demo: DemoServer;
let harness: CoreHarness;

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [1] });
  harness = await startCore(demo);
});

afterAll(async () => {
  await harness.close();
  await demo.close();
});

describe('sync-probe', () => {
  it('knows nothing before the first call, then says whether the server answered', async () => {
    const core = harness.core.handlers;
    expect((await core['sync-status']({})).reachability).toBe('unknown');
    const requests = harness.requests.length;
    expect(await core['sync-probe']({})).toMatchObject({ reachability: 'reachable', online: true });
    expect(harness.requests.slice(requests)).toEqual(['GET /api/v1/projects?limit=1']);

    harness.setOffline(true);
    expect(await core['sync-probe']({})).toMatchObject({
      reachability: 'unreachable',
      online: false,
    });
    harness.setOffline(false);
    expect((await core['sync-probe']({})).reachability).toBe('reachable');
  });

  it('starts unknown again after a restart with a fresh cache, and finds the server gone', async () => {
    await harness.core.handlers['projects-list']({ refresh: 'await' }); // an online session
    const core = await harness.reopen();
    // The cached projects are fresh, so reading them makes no call: still unknown, not Online.
    await core.handlers['projects-list']({});
    expect((await core.handlers['sync-status']({})).reachability).toBe('unknown');
    harness.setOffline(true);
    expect((await core.handlers['sync-probe']({})).reachability).toBe('unreachable');
    harness.setOffline(false);
  });

  it('counts a refused token as reachable: the server answered, the token is the problem', async () => {
    const stranger = await startCore({ baseUrl: demo.baseUrl, token: 'flw_not_a_token_we_issued' });
    try {
      expect(await stranger.core.handlers['sync-probe']({})).toMatchObject({
        reachability: 'reachable',
        online: true,
      });
    } finally {
      await stranger.close();
    }
  });
});
