import { describe, expect, it } from 'vitest';
import { findHeaderRow, headerKey, readHeader, yearAndMonthHeaders } from './headers.js';

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

  it('maps the headers of published daily files, with their units', () => {
    const cases: Array<[string, [string, string | undefined]]> = [
      // Equinor Volve daily production (Norwegian shelf reporting names).
      ['DATEPRD', ['date', undefined]],
      ['NPD_WELL_BORE_NAME', ['well-name', undefined]],
      ['WELL_BORE_CODE', ['ignore', undefined]],
      ['NPD_WELL_BORE_CODE', ['ignore', undefined]],
      ['ON_STREAM_HRS', ['runtime', 'h']],
      ['AVG_DOWNHOLE_PRESSURE', ['bhp', 'bar']],
      ['AVG_DOWNHOLE_TEMPERATURE', ['ignore', undefined]],
      ['AVG_DP_TUBING', ['ignore', undefined]],
      ['AVG_ANNULUS_PRESS', ['ignore', undefined]],
      ['AVG_CHOKE_SIZE_P', ['ignore', undefined]],
      ['AVG_CHOKE_UOM', ['ignore', undefined]],
      ['AVG_WHP_P', ['thp', 'bar']],
      ['AVG_WHT_P', ['ignore', undefined]],
      ['DP_CHOKE_SIZE', ['ignore', undefined]],
      ['BORE_OIL_VOL', ['oil_rate', 'm3/d']],
      ['BORE_GAS_VOL', ['gas_rate', 'm3/d']],
      ['BORE_WAT_VOL', ['water_rate', 'm3/d']],
      ['BORE_WI_VOL', ['ignore', undefined]],
      ['BORE_OIL_VOL (bbl)', ['oil_rate', 'bbl/d']],
      // North Dakota (NDIC) names: camel case and API_WELLNO.
      ['API_WELLNO', ['api-number', undefined]],
      ['WellName', ['well-name', undefined]],
      ['ReportDate', ['date', undefined]],
      ['Wtr', ['water_rate', undefined]],
      ['GasSold', ['ignore', undefined]],
      ['Flared', ['ignore', undefined]],
      ['Runs', ['ignore', undefined]],
      // Units written in the name or in brackets.
      ['Gas (mcf)', ['gas_rate', 'Mcf/d']],
      ['Oil (bbl)', ['oil_rate', 'bbl/d']],
      ['OIL_VOL', ['oil_rate', undefined]],
      ['Oil [Sm3]', ['oil_rate', 'm3/d']],
      ['Gas [Sm3/d]', ['gas_rate', 'm3/d']],
      ['Gas [kSm3/d]', ['gas_rate', 'e3m3/d']],
      ['Gas [MSm3/d]', ['gas_rate', 'e6m3/d']],
      ['Gas (e3m3)', ['gas_rate', 'e3m3/d']],
      ['Water (m3)', ['water_rate', 'm3/d']],
      ['WHP [barg]', ['thp', 'bar']],
      ['DHP [bara]', ['bhp', 'bar']],
      ['THP (kPa)', ['thp', 'kPa']],
      ['FTP (psig)', ['thp', 'psi']],
      ['Hours on Stream', ['runtime', 'h']],
      ['Hrs on stream (h)', ['runtime', 'h']],
      ['On Stream [h]', ['runtime', 'h']],
      ['Pressure kPa', ['ignore', undefined]],
      ['Water Cut %', ['watercut', '%']],
    ];
    for (const [header, expected] of cases) expect(read(header), header).toEqual(expected);
  });

  it('says where a unit the header does not name comes from', () => {
    expect(readHeader('BORE_GAS_VOL')).toMatchObject({
      target: 'gas_rate',
      unitText: 'Sm³',
      note: "no unit in the header; Volve's daily reporting gives Sm³",
    });
    expect(readHeader('BORE_GAS_VOL').notAField).toBeUndefined();
  });

  it('does not take a choke opening in % for a choke size', () => {
    for (const header of ['Choke (%)', 'Choke %', 'CHOKE_PCT', 'Choke Size [% open]']) {
      const reading = readHeader(header);
      expect(reading.target, header).toBe('ignore');
      expect(reading.notAField, header).toBe(true);
      expect(reading.note, header).toMatch(/is not a choke size \(1\/64 in or mm\): not imported$/);
    }
    expect(readHeader('AVG_CHOKE_SIZE_P')).toMatchObject({
      target: 'ignore',
      notAField: true,
      note: 'a choke opening in % (Volve reporting), not a choke size in 1/64 in or mm: not imported',
    });
    expect(read('Choke (64ths)')).toEqual(['choke_size', '1/64 in']);
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

describe('yearAndMonthHeaders', () => {
  it('finds the year and month columns of a monthly file', () => {
    expect(yearAndMonthHeaders(['prfInformationCarrier', 'prfYear', 'prfMonth', 'Oil'])).toEqual([
      'prfYear',
      'prfMonth',
    ]);
    expect(yearAndMonthHeaders(['Year', 'Month', 'Oil (Sm3)'])).toEqual(['Year', 'Month']);
    expect(yearAndMonthHeaders(['Date', 'Oil'])).toBeNull();
    expect(yearAndMonthHeaders(['Year', 'Oil'])).toBeNull();
  });
});
