import { describe, expect, it } from 'vitest';
import {
  formatWellIdentifier,
  parseWellIdentifier,
  wellIdentifierKey,
  wellMatchesSearch,
} from './well-identifier.js';

describe('formatWellIdentifier: US API numbers', () => {
  it.each([
    ['4250120130', '42-501-20130'],
    ['42-501-20130', '42-501-20130'],
    ['425012013003', '42-501-20130-03'],
    ['42-501-20130-03', '42-501-20130-03'],
    ['42501201300300', '42-501-20130-03-00'],
    ['42-501-20130-03-00', '42-501-20130-03-00'],
    ['  42-501-20130 ', '42-501-20130'],
  ])('%s → %s', (raw, shown) => {
    expect(formatWellIdentifier(raw)).toBe(shown);
    expect(parseWellIdentifier(raw)?.kind).toBe('us-api');
  });
});

describe('formatWellIdentifier: Canadian UWIs', () => {
  it.each([
    ['100/11-08-069-10W6/00', '100/11-08-069-10W6/00'],
    ['100110806910W600', '100/11-08-069-10W6/00'],
    ['100110806910w600', '100/11-08-069-10W6/00'],
    ['102/16-36-126-34W5/02', '102/16-36-126-34W5/02'],
    // Our server's digits-only form: survey digit and "W" dropped (server/demo/names.ts).
    ['00110806910600', '100/11-08-069-10W6/00'],
    ['00-11-08-069-10-6-00', '100/11-08-069-10W6/00'],
    ['02-11-08-069-10-6-00', '102/11-08-069-10W6/00'],
    // The report's example well, once mangled as 00-010-90691-06-00.
    ['00010906910600', '100/01-09-069-10W6/00'],
  ])('DLS %s → %s', (raw, shown) => {
    expect(formatWellIdentifier(raw)).toBe(shown);
    expect(parseWellIdentifier(raw)?.kind).toBe('dls');
  });

  it.each([
    ['200/D-096-H/094-A-16/00', '200/D-096-H/094-A-16/00'],
    ['200D096H094A1600', '200/D-096-H/094-A-16/00'],
    ['200/a-001-l/093-p-01/02', '200/A-001-L/093-P-01/02'],
  ])('NTS %s → %s', (raw, shown) => {
    expect(formatWellIdentifier(raw)).toBe(shown);
    expect(parseWellIdentifier(raw)?.kind).toBe('nts');
  });
});

describe('formatWellIdentifier: anything else as typed', () => {
  it.each([
    // Wrong digit counts: no guess at dashes.
    '425012013',
    '4250120130031',
    // Dashes at other places than the API's own.
    '4-2501-20130',
    '425-01-20130',
    // "00" is no US state, and these are no DLS location (LSD 17, section 37, meridian 7).
    '00171806910600',
    '00113706910600',
    '00110806910700',
    // A DLS location out of range, an NTS unit over 100, a sheet over 16.
    '100/17-08-069-10W6/00',
    '200/D-101-H/094-A-16/00',
    '200/D-096-H/094-A-17/00',
    'Lease 7 well 3',
    'ABC-123',
  ])('%s', (raw) => {
    expect(parseWellIdentifier(raw)).toBeNull();
    expect(formatWellIdentifier(raw)).toBe(raw);
  });

  it('trims, and leaves an empty one empty', () => {
    expect(formatWellIdentifier('  x-1 ')).toBe('x-1');
    expect(formatWellIdentifier('   ')).toBe('');
    expect(parseWellIdentifier('')).toBeNull();
  });
});

describe('wellIdentifierKey', () => {
  it('is one key for every way of writing one identifier', () => {
    const dls = [
      '100/11-08-069-10W6/00',
      '100110806910W600',
      '00110806910600',
      '00-11-08-069-10-6-00',
    ];
    expect(new Set(dls.map(wellIdentifierKey))).toEqual(new Set(['100110806910W600']));
    expect(wellIdentifierKey('42-501-20130')).toBe('4250120130');
    expect(wellIdentifierKey('4250120130')).toBe('4250120130');
    expect(wellIdentifierKey('200/D-096-H/094-A-16/00')).toBe('200D096H094A1600');
  });

  it('keys unrecognised text by its letters and digits', () => {
    expect(wellIdentifierKey('100/11-08')).toBe('1001108');
    expect(wellIdentifierKey('abc-12 3')).toBe('ABC123');
  });
});

describe('wellMatchesSearch', () => {
  const dlsWell = { name: 'Kaybob HZ 11-8-69-10', apiNumber: '00110806910600' };
  const usWell = { name: 'Big Ranch 1H', apiNumber: '42-501-20130-03-00' };
  const noId = { name: 'Nameless', apiNumber: null };

  it.each(['100110806910W600', '100/11-08-069-10W6/00', '00110806910600', '100/11-08', 'kaybob'])(
    'finds the DLS well by %s',
    (search) => {
      expect(wellMatchesSearch(dlsWell, search)).toBe(true);
      expect(wellMatchesSearch(usWell, search)).toBe(false);
    },
  );

  it.each(['4250120130', '42-501-20130', '42-501', '42501201300300', 'RANCH'])(
    'finds the US well by %s',
    (search) => {
      expect(wellMatchesSearch(usWell, search)).toBe(true);
      expect(wellMatchesSearch(dlsWell, search)).toBe(false);
    },
  );

  it('breaks names at -, / and # as at spaces: a search starts any part of a name', () => {
    const volve = { name: '15/9-F-12', apiNumber: null };
    for (const search of ['F-12', 'f 12', '15/9-F-12', '9-f', 'F-1', '15']) {
      expect(wellMatchesSearch(volve, search), search).toBe(true);
    }
    for (const search of ['-12', 'F-2', '5/9', '12-F']) {
      expect(wellMatchesSearch(volve, search), search).toBe(false);
    }
    const elmworth = { name: 'Elmworth HZ 1-9-69-10', apiNumber: null };
    const other = { name: 'Elmworth HZ 4-24-71-9', apiNumber: null };
    expect(wellMatchesSearch(elmworth, '1-9')).toBe(true);
    expect(wellMatchesSearch(other, '1-9')).toBe(false);
    expect(wellMatchesSearch({ name: 'Brushy Draw 10-2 #301H', apiNumber: null }, '301h')).toBe(
      true,
    );
  });

  it('matches every well on an empty search, and a well without identifier by name only', () => {
    expect(wellMatchesSearch(noId, '  ')).toBe(true);
    expect(wellMatchesSearch(noId, '42')).toBe(false);
    expect(wellMatchesSearch(noId, 'name')).toBe(true);
  });
});
