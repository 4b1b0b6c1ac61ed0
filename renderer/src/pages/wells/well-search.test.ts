import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wellMatchesSearch } from '#shared/wells/well-identifier.js';
import { searchWellIndex, wellIndexFrom } from './well-search.js';

interface Well {
  id: string;
  name: string;
  apiNumber: string | null;
}

function indexOf(wells: readonly Well[]) {
  return wellIndexFrom(
    {
      ids: wells.map((well) => well.id),
      names: wells.map((well) => well.name),
      apiNumbers: wells.map((well) => well.apiNumber),
      projectTotal: wells.length,
    },
    false,
    0,
  );
}

const WELLS: Well[] = [
  { id: 'w1', name: 'Brushy Draw 10-2 #301H', apiNumber: '42-501-20130' },
  { id: 'w2', name: 'Big Ranch 1-10H', apiNumber: '42-317-18650-03' },
  { id: 'w3', name: '15/9-F-12', apiNumber: null },
  { id: 'w4', name: 'Elmworth HZ 1-9-69-10', apiNumber: '00110806910600' },
  { id: 'w5', name: 'Ranchito 4H', apiNumber: '100/11-08-069-10W6/00' },
];

describe('the wells table search index', () => {
  it('finds what the search finds, in the index order', () => {
    const index = indexOf(WELLS);
    expect(searchWellIndex(index, 'ranch')).toEqual(['w2', 'w5']);
    expect(searchWellIndex(index, '301h brushy')).toEqual(['w1']);
    expect(searchWellIndex(index, 'f 12')).toEqual(['w3']);
    expect(searchWellIndex(index, '1-9')).toEqual(['w4']);
    // An identifier however it is written, or a part of it; digits in groups are one.
    expect(searchWellIndex(index, '100/11-08-069-10W6/00')).toEqual(['w4', 'w5']);
    expect(searchWellIndex(index, '42 501')).toEqual(['w1']);
    expect(searchWellIndex(index, '4231718650')).toEqual(['w2']);
    expect(searchWellIndex(index, '  ')).toEqual(['w1', 'w2', 'w3', 'w4', 'w5']);
    expect(searchWellIndex(index, 'nothing')).toEqual([]);
  });

  it('agrees with wellMatchesSearch for any names, identifiers and search', () => {
    const piece = fc.constantFrom(
      'ra',
      'Ranch',
      'nch',
      '#',
      '-',
      '/',
      '_',
      ' ',
      '1',
      '42',
      '0',
      'W6',
      'h',
    );
    const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
    const well = fc.record({
      name: text,
      apiNumber: fc.option(
        fc.oneof(text, fc.constantFrom(...WELLS.map((w) => w.apiNumber ?? ''))),
        {
          nil: null,
        },
      ),
    });
    fc.assert(
      fc.property(fc.array(well, { maxLength: 12 }), text, (wells, search) => {
        const listed = wells.map((w, at) => ({ ...w, id: `w${at}` }));
        const expected = listed.filter((w) => wellMatchesSearch(w, search)).map((w) => w.id);
        expect(searchWellIndex(indexOf(listed), search)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
