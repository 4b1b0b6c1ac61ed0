import { describe, expect, it } from 'vitest';
import { wellSchema } from './well.js';
import { wellFromFeet, type WellInFeet } from './well-shapes.js';

const stored: WellInFeet & { seq: number; dataVersion: number } = {
  seq: 7,
  dataVersion: 3,
  id: 'w1',
  projectId: 'p1',
  name: 'Smith 12H',
  apiNumber: '42-123-45678',
  type: 'producer',
  status: 'active',
  latitude: 31.9,
  longitude: -102.1,
  spudDate: '2019-04-02',
  firstProductionDate: '2019-06-01',
  lateralLengthFt: 10_000,
  perfTopFt: 9_000,
  perfBottomFt: 19_000,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
};

describe('wellFromFeet', () => {
  it('gives the wire shape in the project’s length unit and nothing of the row’s bookkeeping', () => {
    const well = wellFromFeet(stored, (feet) => feet * 0.3048);
    expect(wellSchema.strict().parse(well)).toEqual(well);
    expect(well).toMatchObject({
      lateralLength: 3048,
      perfInterval: { topMd: 9_000 * 0.3048, bottomMd: 19_000 * 0.3048 },
      updatedAt: '2024-01-02T00:00:00.000Z',
    });
    expect(well).not.toHaveProperty('seq');
    expect(well).not.toHaveProperty('perfTopFt');
  });

  it('has no perforated interval unless both ends are known', () => {
    const half = { ...stored, perfBottomFt: null, lateralLengthFt: null };
    expect(wellFromFeet(half, (feet) => feet)).toMatchObject({
      perfInterval: null,
      lateralLength: null,
    });
  });
});
