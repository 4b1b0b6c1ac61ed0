import { describe, expect, it } from 'vitest';
import { fieldTotalsCsv } from './field-csv.js';
import { FieldTotalsBuilder } from './field-totals.js';

/** Two wells' hand sums, added one well at a time, out of date order. */
function twoWells(): FieldTotalsBuilder {
  const builder = new FieldTotalsBuilder();
  // Well A: 2024-01-31 oil 100 gas 50 water 10; 2024-02-01 oil 0 (shut in) gas 0 water null.
  builder.addDay('2024-02-01', 0, 0, null, 0);
  builder.addDay('2024-01-31', 100, 50, 10, 1);
  // Well B: 2024-01-31 oil 40 gas null water 5; 2024-02-01 oil 60 gas 30 water 5.
  builder.addDay('2024-01-31', 40, null, 5, 1);
  builder.addDay('2024-02-01', 60, 30, 5, 1);
  builder.addProducingMonth('2024-01', 2);
  builder.addProducingMonth('2024-02', 1);
  return builder;
}

describe('FieldTotalsBuilder', () => {
  it('sums each day over the wells, counts producing wells and adds up volumes', () => {
    expect(twoWells().daily()).toEqual({
      dates: ['2024-01-31', '2024-02-01'],
      oil: [140, 60],
      gas: [50, 30],
      water: [15, 5],
      producingWells: [2, 1],
      cumulativeOil: [140, 200],
      cumulativeGas: [50, 80],
      cumulativeWater: [15, 20],
    });
  });

  it('keeps a phase nobody reported as null, not zero', () => {
    const builder = new FieldTotalsBuilder();
    builder.addDay('2024-03-01', 10, null, null, 1);
    builder.addDay('2024-03-01', 20, null, null, 1);
    expect(builder.daily().gas).toEqual([null]);
  });

  it('gives monthly rates per calendar day in the data, wells producing in the month and month-end cumulatives', () => {
    const monthly = twoWells().monthly();
    expect(monthly.dates).toEqual(['2024-01-01', '2024-02-01']);
    // The data run 2024-01-31 to 2024-02-01: one calendar day of each month.
    expect(monthly.oil).toEqual([140, 60]);
    expect(monthly.producingWells).toEqual([2, 1]);
    expect(monthly.cumulativeOil).toEqual([140, 200]);
  });

  it('writes the totals as CSV with units in the headers', () => {
    const csv = fieldTotalsCsv(twoWells().daily(), false, {
      oil: 'bbl/d',
      gas: 'Mscf/d',
      water: 'bbl/d',
      oilVolume: 'bbl',
      gasVolume: 'Mscf',
      waterVolume: 'bbl',
    });
    expect(csv.split('\r\n')).toEqual([
      'Date,Oil rate (bbl/d),Gas rate (Mscf/d),Water rate (bbl/d),Producing wells,Cumulative oil (bbl),Cumulative gas (Mscf),Cumulative water (bbl)',
      '2024-01-31,140,50,15,2,140,50,15',
      '2024-02-01,60,30,5,1,200,80,20',
      '',
    ]);
  });
});
