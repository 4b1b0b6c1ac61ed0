import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

/**
 * A finite number too large to convert between imperial and metric units (1.7e308 m³/d is
 * about 1.07e309 bbl/d, beyond the double range) is refused with a 400 naming the member,
 * on every write path, in either unit system: stored, it would come back as null, and a
 * project's unit system may change after the value is written.
 */
const MESSAGE = 'is too large to convert between imperial and metric units';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

function expectRefused(response: Awaited<ReturnType<Harness['call']>>, path: string): void {
  expect(response.statusCode, response.body).toBe(400);
  const error = errorOf(response);
  expect(error.code).toBe('VALIDATION_ERROR');
  expect(error.details).toContainEqual({ path, message: expect.stringContaining(MESSAGE) });
}

async function metricWell(unitSystem: 'metric' | 'imperial' = 'metric') {
  const projectId = await h.project({ name: 'P', unitSystem });
  const wellId = await h.well(projectId);
  return { projectId, wellId, production: `/api/v1/projects/${projectId}/wells/${wellId}` };
}

describe('values that overflow on unit conversion', () => {
  it('refuses them in a production POST, naming the record and field, storing nothing', async () => {
    const { production } = await metricWell();
    const response = await h.call('POST', `${production}/production`, {
      body: {
        records: [
          { date: '2024-01-01', oil_rate: 10 },
          { date: '2024-01-02', oil_rate: 1.7e308 },
          { date: '2024-01-03', gas_rate: 1e307 },
        ],
      },
    });
    expectRefused(response, 'records[1].oil_rate');
    expectRefused(response, 'records[2].gas_rate');
    expect(await h.scalar('SELECT COUNT(*) FROM production')).toBe(0);
  });

  it('refuses them in an imperial project too, where a later switch to metric would overflow', async () => {
    const { production } = await metricWell('imperial');
    // 1e308 psi is 6.9e308 kPa: fine as typed, Infinity once the project shows metric.
    const response = await h.call('POST', `${production}/production`, {
      body: { records: [{ date: '2024-01-01', bhp: 1e308 }] },
    });
    expectRefused(response, 'records[0].bhp');
    expect(await h.scalar('SELECT COUNT(*) FROM production')).toBe(0);
  });

  it('still accepts large values that convert, and reads them back as written', async () => {
    const { production } = await metricWell();
    const posted = await h.call('POST', `${production}/production`, {
      body: { records: [{ date: '2024-01-01', oil_rate: 1e300, bhp: 1e306 }] },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const read = await h.call('GET', `${production}/production`, {
      query: { from: '2024-01-01', to: '2024-01-01', fields: 'oil_rate,bhp' },
    });
    expect(read.json().data).toEqual([{ date: '2024-01-01', oil_rate: 1e300, bhp: 1e306 }]);
  });

  it('refuses them in a CSV import, naming line and column, importing nothing', async () => {
    const { production } = await metricWell();
    const response = await h.call('POST', `${production}/production/import`, {
      body: 'date,oil_rate,choke_size\n2024-01-01,1,2\n2024-01-02,1.7e308,1\n2024-01-03,1,9e307\n',
      headers: { 'content-type': 'text/csv' },
    });
    expectRefused(response, 'rows[3].oil_rate');
    expectRefused(response, 'rows[4].choke_size');
    expect(await h.scalar('SELECT COUNT(*) FROM production')).toBe(0);
  });

  it('refuses them in a well length, on create and on PATCH', async () => {
    const projectId = await h.project({ name: 'P', unitSystem: 'metric' });
    const wells = `/api/v1/projects/${projectId}/wells`;
    expectRefused(
      await h.call('POST', wells, { body: { name: 'W', lateralLength: 1.7e308 } }),
      'lateralLength',
    );
    expectRefused(
      await h.call('POST', wells, {
        body: { name: 'W', perfInterval: { topMd: 1, bottomMd: 1.7e308 } },
      }),
      'perfInterval.bottomMd',
    );
    expect(await h.scalar('SELECT COUNT(*) FROM wells')).toBe(0);
    const wellId = await h.well(projectId, { name: 'W', lateralLength: 1500 });
    expectRefused(
      await h.call('PATCH', `${wells}/${wellId}`, { body: { lateralLength: 1.7e308 } }),
      'lateralLength',
    );
    expect((await h.call('GET', `${wells}/${wellId}`)).json().lateralLength).toBe(1500);
  });
});
