import { describe, expect, it } from 'vitest';
import type { OutboxOperationView, ProductionView } from '../../../shared/desktop/index.js';
import { csvCell, exportFileName, rejectedRecords, toCsv, toJson } from './failed-export.js';

const op: OutboxOperationView = {
  seq: 42,
  projectId: 'p1',
  wellId: 'w1',
  kind: 'upsert-records',
  state: 'error',
  recordCount: 2,
  range: { from: '2024-01-05', to: '2024-01-06' },
  error: {
    type: 'validation',
    message: 'Request validation failed',
    details: {
      requestId: 'req_1',
      issues: [{ path: 'records[2024-01-05].watercut', message: 'must be ≤ 100' }],
    },
  },
  attempts: 1,
  createdAt: '2024-02-01T00:00:00.000Z',
  updatedAt: '2024-02-01T00:00:00.000Z',
};

const view: ProductionView = {
  wellId: 'w1',
  from: '2024-01-04',
  to: '2024-01-06',
  aggregation: 'daily',
  unitSystem: 'imperial',
  fields: ['oil_rate', 'watercut'],
  units: { oil_rate: 'bbl/d', watercut: '%' },
  dates: ['2024-01-04', '2024-01-05', '2024-01-06'],
  values: { oil_rate: [90, 100, null], watercut: [10, 120, 15] },
  states: ['synced', 'error', 'error'],
  deletions: [],
  missing: [],
};

const exportedAt = new Date('2024-02-02T10:00:00.000Z');

describe('failed-export', () => {
  it('takes only the rows that carry the rejected values', () => {
    expect(rejectedRecords(view)).toEqual([
      { date: '2024-01-05', values: { oil_rate: 100, watercut: 120 } },
      { date: '2024-01-06', values: { oil_rate: null, watercut: 15 } },
    ]);
  });

  it('writes the values as CSV with API field names and units', () => {
    const csv = toCsv({
      op,
      wellName: 'Smith 12H',
      records: rejectedRecords(view),
      units: view.units,
      exportedAt,
    });
    expect(csv).toBe(
      'date,oil_rate (bbl/d),watercut (%)\r\n2024-01-05,100,120\r\n2024-01-06,,15\r\n',
    );
  });

  it('writes everything, the server’s answer included, as JSON', () => {
    const json = JSON.parse(
      toJson({
        op,
        wellName: 'Smith 12H',
        records: rejectedRecords(view),
        units: view.units,
        exportedAt,
      }),
    );
    expect(json).toMatchObject({
      exportedAt: '2024-02-02T10:00:00.000Z',
      change: { seq: 42, kind: 'upsert-records', wellName: 'Smith 12H', recordCount: 2 },
      serverAnswer: { message: 'Request validation failed', details: { requestId: 'req_1' } },
      units: { oil_rate: 'bbl/d' },
    });
    expect(json.records).toHaveLength(2);
  });

  it('describes a rejected deletion or well change in one CSV row', () => {
    const deletion = toCsv({ op: { ...op, kind: 'delete-range' }, wellName: 'A, "B"', exportedAt });
    expect(deletion.split('\r\n')[1]).toBe(
      'delete days,"A, ""B""",2024-01-05,2024-01-06,Request validation failed,req_1',
    );
    const well = toCsv({
      op: { ...op, kind: 'update-well', range: null },
      wellName: 'A',
      well: { name: 'A-2', apiNumber: '42-301-31234', type: 'producer', status: 'shut_in' },
      exportedAt,
    });
    expect(well.split('\r\n')[1]).toBe(
      'well details,w1,A-2,42-301-31234,producer,shut_in,Request validation failed,req_1',
    );
  });

  it('defuses text a spreadsheet would run as a formula, not negative numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-12')).toBe('-12');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(null)).toBe('');
  });

  it('names the file after the well, the change and its dates', () => {
    expect(exportFileName(op, 'Smith #12H (Pad B)', 'csv')).toBe(
      'flowline-smith-12h-pad-b-edits-2024-01-05-to-2024-01-06-change-42.csv',
    );
    expect(exportFileName({ ...op, kind: 'update-well', range: null }, '***', 'json')).toBe(
      'flowline-well-well-details-change-42.json',
    );
  });
});
