import { describe, expect, it } from 'vitest';
import type { OutboxGetResult, ProductionValues } from '#shared/desktop/index.js';
import { exportFileName, toCsv, toJson } from './failed-export.js';

/** As outbox-get answers for a metric project (units and values from the core). */
const METRIC_UNITS = {
  oil_rate: 'm³/d',
  water_rate: 'm³/d',
  gas_rate: '10³m³/d',
  bhp: 'kPa',
  thp: 'kPa',
  choke_size: 'mm',
  runtime: 'h',
  gor: 'm³/m³',
  watercut: '%',
};

function values(given: Partial<ProductionValues>): ProductionValues {
  return {
    oil_rate: null,
    water_rate: null,
    gas_rate: null,
    bhp: null,
    thp: null,
    choke_size: null,
    runtime: null,
    gor: null,
    watercut: null,
    ...given,
  };
}

const change: OutboxGetResult = {
  seq: 42,
  projectId: 'p1',
  wellId: 'w1',
  kind: 'upsert-records',
  state: 'error',
  recordCount: 2,
  range: { from: '2024-01-05', to: '2024-01-06' },
  error: {
    type: 'not-found',
    message: 'Well w1 no longer exists',
    details: { status: 404, requestId: 'req_1' },
  },
  attempts: 1,
  createdAt: '2024-02-01T00:00:00.000Z',
  updatedAt: '2024-02-01T00:00:00.000Z',
  wellName: 'Smith 12H',
  unitSystem: 'metric',
  units: METRIC_UNITS,
  lengthUnit: 'm',
  records: [
    {
      date: '2024-01-05',
      values: values({ oil_rate: 15.9, watercut: 12 }),
      base: values({ oil_rate: 14 }),
    },
    { date: '2024-01-06', values: values({ gas_rate: 2.5 }), base: 'unknown' },
  ],
  patch: null,
  conflicts: null,
};

const exportedAt = new Date('2024-02-02T10:00:00.000Z');
const data = { change, wellName: 'Smith 12H', exportedAt };

describe('failed-export', () => {
  it('writes the records as CSV: every field, API names, the project’s units in the headers', () => {
    expect(toCsv(data).split('\r\n')).toEqual([
      'date,oil_rate (m³/d),water_rate (m³/d),gas_rate (10³m³/d),bhp (kPa),thp (kPa),choke_size (mm),runtime (h),gor (m³/m³),watercut (%)',
      '2024-01-05,15.9,,,,,,,,12',
      '2024-01-06,,,2.5,,,,,,',
      '',
    ]);
  });

  it('writes everything as JSON: the change, the server’s answer, units, records with bases', () => {
    const json = JSON.parse(toJson(data));
    expect(json).toEqual({
      exportedAt: '2024-02-02T10:00:00.000Z',
      change: {
        seq: 42,
        kind: 'upsert-records',
        state: 'error',
        projectId: 'p1',
        wellId: 'w1',
        wellName: 'Smith 12H',
        range: { from: '2024-01-05', to: '2024-01-06' },
        recordCount: 2,
        queuedAt: '2024-02-01T00:00:00.000Z',
        attempts: 1,
      },
      serverAnswer: change.error,
      unitSystem: 'metric',
      units: METRIC_UNITS,
      records: change.records,
    });
  });

  it('describes a rejected deletion in one CSV row', () => {
    const deletion = toCsv({
      ...data,
      change: { ...change, kind: 'delete-range', records: null },
      wellName: 'A, "B"',
    });
    expect(deletion.split('\r\n')[1]).toBe(
      'delete days,"A, ""B""",2024-01-05,2024-01-06,Well w1 no longer exists,req_1',
    );
  });

  it('writes its cells with the shared CSV writer: a formula in a name is defused', () => {
    const deletion = toCsv({
      ...data,
      change: { ...change, kind: 'delete-range', records: null },
      wellName: '=HYPERLINK("x")',
    });
    expect(deletion.split('\r\n')[1]).toBe(
      `delete days,"'=HYPERLINK(""x"")",2024-01-05,2024-01-06,Well w1 no longer exists,req_1`,
    );
  });

  it('writes a well change as its patch, lengths with their unit', () => {
    const update: OutboxGetResult = {
      ...change,
      kind: 'update-well',
      range: null,
      recordCount: 0,
      records: null,
      patch: { status: 'shut_in', lateralLength: 1523.25, perfInterval: null },
    };
    expect(toCsv({ ...data, change: update }).split('\r\n')).toEqual([
      'change,well_id,well,status,lateral_length (m),perf_top_md (m),perf_bottom_md (m),server_message,request_id',
      'well details,w1,Smith 12H,shut_in,1523.25,,,Well w1 no longer exists,req_1',
      '',
    ]);
    expect(JSON.parse(toJson({ ...data, change: update }))).toMatchObject({
      lengthUnit: 'm',
      patch: { status: 'shut_in', lateralLength: 1523.25, perfInterval: null },
    });
  });

  it('names the file after the well, the change and its dates', () => {
    expect(exportFileName(change, 'Smith #12H (Pad B)', 'csv')).toBe(
      'flowline-smith-12h-pad-b-edits-2024-01-05-to-2024-01-06-change-42.csv',
    );
    expect(exportFileName({ ...change, kind: 'update-well', range: null }, '***', 'json')).toBe(
      'flowline-well-well-details-change-42.json',
    );
  });
});
