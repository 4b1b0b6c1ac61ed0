import { describe, expect, it } from 'vitest';
import type { WellView } from '#shared/desktop/index.js';
import { wellFieldTexts } from './well-fields.js';

/** What the well header and the report show of a well the hosted service described only in part. */

const partial: WellView = {
  id: 'well-1',
  projectId: 'p1',
  name: 'well-1',
  apiNumber: null,
  type: null,
  status: null,
  latitude: null,
  longitude: null,
  spudDate: null,
  firstProductionDate: null,
  lateralLength: null,
  perfInterval: { topMd: 9010, bottomMd: null },
  createdAt: null,
  updatedAt: null,
  syncState: 'synced',
  lastProduction: null,
  availableOffline: null,
  decline: {},
  screening: null,
};

function texts(well: WellView): Record<string, string> {
  return Object.fromEntries(wellFieldTexts(well, 'imperial').map((f) => [f.key, f.value]));
}

describe('well fields of a well the service described in part', () => {
  it('says Unknown for a missing type and status, and — for what else is missing', () => {
    expect(texts(partial)).toMatchObject({
      type: 'Unknown',
      status: 'Unknown',
      'perf-interval': '9,010 – —',
      'perf-length': '—',
      updated: '—',
    });
  });

  it('shows a complete well as before', () => {
    const full: WellView = {
      ...partial,
      type: 'swd',
      status: 'shut_in',
      perfInterval: { topMd: 9000, bottomMd: 18_500 },
      createdAt: '2024-03-01T10:00:00.000Z',
    };
    expect(texts(full)).toMatchObject({
      type: 'SWD',
      status: 'Shut in',
      'perf-interval': '9,000 – 18,500',
      'perf-length': '9,500',
      updated: '2024-03-01',
    });
  });
});
