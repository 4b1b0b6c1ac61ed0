import { describe, expect, it } from 'vitest';
import { findHeaderRow, headerKey, readHeader } from './headers.js';

function read(header: string): [string, string | undefined] {
  const reading = readHeader(header);
  return [reading.target, reading.unit?.id];
}

describe('readHeader', () => {
  it('maps the header variants of SCADA exports and spreadsheets', () => {
    const cases: Array<[string, [string, string | undefined]]> = [
      ['Oil (bbl/d)', ['oil_rate', 'bbl/d']],
      ['OIL_BBL', ['oil_rate', 'bbl/d']],
      ['Oil Rate', ['oil_rate', undefined]],
      ['Daily Oil Production (m³/d)', ['oil_rate', 'm3/d']],
      ['Gas (Mcf/d)', ['gas_rate', 'Mcf/d']],
      ['GAS_MCF', ['gas_rate', 'Mcf/d']],
      ['Gas Rate (10³m³/d)', ['gas_rate', 'e3m3/d']],
      ['Gas (e3m3/d)', ['gas_rate', 'e3m3/d']],
      ['Gas (m3/d)', ['gas_rate', 'm3/d']],
      ['Water', ['water_rate', undefined]],
      ['WATER_BBL', ['water_rate', 'bbl/d']],
      ['BHP', ['bhp', undefined]],
      ['BHP kPa', ['bhp', 'kPa']],
      ['Bottom Hole Pressure (bar)', ['bhp', 'bar']],
      ['Tubing Pressure', ['thp', undefined]],
      ['Tbg Press (psi)', ['thp', 'psi']],
      ['Choke', ['choke_size', undefined]],
      ['Choke (64ths)', ['choke_size', '1/64 in']],
      ['Choke Size [mm]', ['choke_size', 'mm']],
      ['Choke (in)', ['choke_size', 'in']],
      ['Hours On', ['runtime', 'h']],
      ['Run Time (min)', ['runtime', 'min']],
      ['Water Cut (%)', ['watercut', '%']],
      ['BS&W', ['watercut', undefined]],
      ['Gas/Oil Ratio (scf/bbl)', ['gor', 'scf/bbl']],
      ['Prod Date', ['date', undefined]],
      ['\uFEFFDate', ['date', undefined]],
      ['Timestamp', ['date', undefined]],
      ['Well Name', ['well-name', undefined]],
      ['API #', ['api-number', undefined]],
      ['API Number', ['api-number', undefined]],
      ['Casing Pressure (psi)', ['ignore', undefined]],
      ['Oil Cum', ['ignore', undefined]],
      ['Comment', ['ignore', undefined]],
    ];
    for (const [header, expected] of cases) expect(read(header), header).toEqual(expected);
  });

  it('keeps an unknown unit text for the message', () => {
    expect(readHeader('Oil (tonnes)')).toMatchObject({
      target: 'oil_rate',
      unit: undefined,
      unitText: 'tonnes',
    });
  });
});

describe('findHeaderRow and headerKey', () => {
  it('skips title lines above the header', () => {
    expect(
      findHeaderRow([
        ['SCADA export'],
        ['Site: DD 8-2', 'Generated 2025-07-12'],
        [],
        ['Timestamp', 'Oil (bbl/d)', 'Status'],
      ]),
    ).toBe(3);
    expect(
      findHeaderRow([
        ['a', 'b'],
        ['1', '2'],
      ]),
    ).toBe(-1);
  });

  it('keys a header row regardless of case, spacing and BOM', () => {
    expect(headerKey(['\uFEFFDate', ' Oil  (bbl/d) '])).toBe(headerKey(['date', 'oil (BBL/D)']));
    expect(headerKey(['Date', 'Oil'])).not.toBe(headerKey(['Date', 'Gas']));
  });
});
