import { describe, expect, it } from 'vitest';
import { readHeader } from './headers.js';
import {
  exportHeader,
  wellCsv,
  wellCsvFile,
  wellCsvRows,
  type ExportableView,
} from './well-export.js';

const metric: ExportableView = {
  aggregation: 'daily',
  unitSystem: 'metric',
  fields: ['oil_rate', 'gas_rate', 'choke_size', 'watercut'],
  units: { oil_rate: 'm³/d', gas_rate: '10³m³/d', choke_size: 'mm', watercut: '%' },
  dates: ['2025-01-01', '2025-01-02'],
  values: {
    oil_rate: [12.5, null],
    gas_rate: [0.000123, 3],
    choke_size: [-5, 9.5],
    watercut: [33.333333333333, 0],
  },
};

describe('wellCsv', () => {
  it('writes a header with units, then a row per date, CRLF-terminated', () => {
    expect(wellCsv(metric, 'Elmworth HZ 1-9')).toBe(
      'Date,Well,Oil rate (m³/d),Gas rate (10³m³/d),Choke (mm),Watercut (%),' +
        'Cumulative oil in the range (m³),Cumulative gas in the range (10³m³)\r\n' +
        '2025-01-01,Elmworth HZ 1-9,12.5,0.000123,-5,33.333333333333,12.5,0.000123\r\n' +
        '2025-01-02,Elmworth HZ 1-9,,3,9.5,0,12.5,3.000123\r\n',
    );
  });

  it('ends a daily export with cumulative volumes since first production when the history is known', () => {
    const rows = wellCsvRows(metric, 'W', { oil_rate: 1000, gas_rate: 0.5, water_rate: 7 });
    expect(rows[0]?.slice(-2)).toEqual([
      'Cumulative oil since first production (m³)',
      'Cumulative gas since first production (10³m³)',
    ]);
    expect(rows.slice(1).map((row) => row.slice(-2))).toEqual([
      ['1012.5', '0.500123'],
      ['1012.5', '3.500123'],
    ]);
    for (const header of rows[0]!.slice(-2)) expect(readHeader(header).target).toBe('ignore');
  });

  it('quotes commas, quotes and line breaks; neutralises formula-like text but not numbers', () => {
    const text = wellCsv(metric, '=HYPERLINK("x"), "B"\nwell');
    const line = text.split('\r\n')[1];
    expect(line).toBe(
      `2025-01-01,"'=HYPERLINK(""x""), ""B""\nwell",12.5,0.000123,-5,33.333333333333,12.5,0.000123`,
    );
    for (const name of ['+1 well', '-A', '@sum']) {
      expect(wellCsvRows(metric, name)[1]?.[1]).toBe(name); // quoting happens in csvText…
      expect(wellCsv(metric, name).split('\r\n')[1]).toContain(`,'${name},`); // …and here
    }
    expect(wellCsv(metric, 'W').split('\r\n')[1]).toContain(',-5,'); // a number stays a number
  });

  it('leaves out fields the view does not carry, and names monthly rows Month', () => {
    const monthly: ExportableView = {
      ...metric,
      aggregation: 'monthly',
      fields: ['oil_rate', 'bhp'],
      units: { oil_rate: 'bbl/d', bhp: 'psi' },
      values: { oil_rate: [1, 2] },
    };
    expect(wellCsvRows(monthly, 'W')[0]).toEqual(['Month', 'Well', 'Oil rate (bbl/d)']);
  });

  it('starts the file with a BOM', () => {
    expect(wellCsvFile(metric, 'W').startsWith('\uFEFFDate,')).toBe(true);
  });

  it('writes headers the importer maps back to the field and unit', () => {
    const cases: Array<[Parameters<typeof exportHeader>, string, string]> = [
      [['oil_rate', 'bbl/d'], 'oil_rate', 'bbl/d'],
      [['oil_rate', 'm³/d'], 'oil_rate', 'm3/d'],
      [['water_rate', 'm³/d'], 'water_rate', 'm3/d'],
      [['gas_rate', 'Mscf/d'], 'gas_rate', 'Mcf/d'],
      [['gas_rate', '10³m³/d'], 'gas_rate', 'e3m3/d'],
      [['bhp', 'psi'], 'bhp', 'psi'],
      [['thp', 'kPa'], 'thp', 'kPa'],
      [['choke_size', '1/64 in'], 'choke_size', '1/64 in'],
      [['choke_size', 'mm'], 'choke_size', 'mm'],
      [['runtime', 'h'], 'runtime', 'h'],
      [['gor', 'scf/bbl'], 'gor', 'scf/bbl'],
      [['gor', 'm³/m³'], 'gor', 'm3/m3'],
      [['watercut', '%'], 'watercut', '%'],
    ];
    for (const [args, target, unit] of cases) {
      const reading = readHeader(exportHeader(...args));
      expect([reading.target, reading.unit?.id]).toEqual([target, unit]);
    }
    expect(readHeader('Well').target).toBe('well-name');
    expect(readHeader('Date').target).toBe('date');
    expect(readHeader('Month').target).toBe('ignore');
  });
});
