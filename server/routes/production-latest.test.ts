import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

/** GET /api/v1/projects/{projectId}/production/latest, the summary extension. */

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

function days(last: string, count: number, make: (i: number) => Record<string, unknown>) {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    ...make(i),
  }));
}

async function post(projectId: string, wellId: string, records: unknown[]) {
  const response = await h.call(
    'POST',
    `/api/v1/projects/${projectId}/wells/${wellId}/production`,
    {
      body: { records },
    },
  );
  expect(response.statusCode).toBe(200);
}

const latest = (projectId: string) =>
  h.call('GET', `/api/v1/projects/${projectId}/production/latest`);

describe('project latest production', () => {
  it("gives every well's last producing day, the day 30 days before and 90 days of rates", async () => {
    const projectId = await h.project();
    const declining = await h.well(projectId, { name: 'A declining' });
    const stopped = await h.well(projectId, { name: 'B stopped' });
    const dry = await h.well(projectId, { name: 'C dry' });
    // 200 days, oil falling 1 bbl/d a day from 400; the summary looks at the last 120 only.
    await post(
      projectId,
      declining,
      days('2025-06-30', 200, (i) => ({ oil_rate: 400 - i, gas_rate: 1000, water_rate: 2 })),
    );
    // Producing until 2025-05-31, then a month of zero-rate days.
    await post(projectId, stopped, [
      ...days('2025-05-31', 60, () => ({ oil_rate: 50, gas_rate: 10, water_rate: 5 })),
      ...days('2025-06-30', 30, () => ({ oil_rate: 0, gas_rate: 0, water_rate: 0 })),
    ]);

    const response = await latest(projectId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ projectId, windowDays: 120, changeDays: 30, sparklineDays: 90 });
    expect(body.data.map((well: { wellId: string }) => well.wellId)).toEqual([
      declining,
      stopped,
      dry,
    ]);
    const [a, b, c] = body.data;
    expect(a.latest).toEqual({ date: '2025-06-30', oil_rate: 201, gas_rate: 1000, water_rate: 2 });
    expect(a.previous).toEqual({
      date: '2025-05-31',
      oil_rate: 231,
      gas_rate: 1000,
      water_rate: 2,
    });
    expect(a.sparkline.from).toBe('2025-04-02');
    expect(a.sparkline.oil_rate).toHaveLength(90);
    expect(a.sparkline.oil_rate.at(-1)).toBe(201);
    expect(a.sparkline.oil_rate[0]).toBe(290);
    expect(b.latest).toMatchObject({ date: '2025-05-31', oil_rate: 50 });
    expect(b.previous).toMatchObject({ date: '2025-05-01', oil_rate: 50 });
    expect(c).toEqual({ wellId: dry, latest: null, previous: null, sparkline: null });
  });

  it("answers in the project's units", async () => {
    const projectId = await h.project({ name: 'North Sea', unitSystem: 'metric' });
    const wellId = await h.well(projectId);
    await post(projectId, wellId, [{ date: '2025-01-01', oil_rate: 15.9, gas_rate: 2.5 }]);
    const well = (await latest(projectId)).json().data[0];
    expect(well.latest).toEqual({
      date: '2025-01-01',
      oil_rate: 15.9,
      gas_rate: 2.5,
      water_rate: null,
    });
  });

  it("refuses query parameters and another user's project", async () => {
    const projectId = await h.project();
    const withQuery = await h.call('GET', `/api/v1/projects/${projectId}/production/latest`, {
      query: { days: '30' },
    });
    expect(withQuery.statusCode).toBe(400);
    expect(errorOf(withQuery).details?.[0]?.path).toBe('query.days');
    const bobs = await h.project({ name: "Bob's" }, h.tokens.bob);
    expect((await latest(bobs)).statusCode).toBe(404);
    expect((await latest('prj_missing')).statusCode).toBe(404);
  });
});
