import { describe, expect, it } from 'vitest';
import {
  apiNumberSchema,
  fieldValueProblem,
  isCalendarDate,
  isIanaTimeZone,
  issuesToDetails,
  productionGetQuerySchema,
  productionIngestSchema,
  projectCreateSchema,
  wellCreateSchema,
  wellsListQuerySchema,
  WELL_READ_ONLY,
} from './index.js';

describe('primitives', () => {
  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-02-30')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    expect(isCalendarDate('2023-1-01')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('2023-01-01T00:00:00Z')).toBe(false);
  });

  it('accepts IANA zone names and aliases, not offsets', () => {
    expect(isIanaTimeZone('UTC')).toBe(true);
    expect(isIanaTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isIanaTimeZone('Etc/GMT+5')).toBe(true);
    expect(isIanaTimeZone('+05:00')).toBe(false);
    expect(isIanaTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isIanaTimeZone('')).toBe(false);
  });

  it('validates API numbers by digit count once dashes are removed', () => {
    for (const ok of [
      '4230131234',
      '42-301-31234',
      '42-301-31234-00',
      '42301312340000',
      '42-301-31234-00-01',
    ]) {
      expect(apiNumberSchema.safeParse(ok).success).toBe(true);
    }
    for (const bad of [
      '423013123',
      '42-301-3123',
      '4230131234-',
      '-4230131234',
      '42 301 31234',
      '42301312345',
    ]) {
      expect(apiNumberSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('request schemas', () => {
  it('trims names and applies no defaults itself (the server does)', () => {
    expect(projectCreateSchema.parse({ name: ' A ' })).toEqual({ name: 'A' });
  });

  it('names unknown and read-only members one by one', () => {
    const result = wellCreateSchema.safeParse({ name: 'A', id: 'x', colour: 'red' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesToDetails(result.error.issues, { readOnly: WELL_READ_ONLY })).toEqual([
      { path: 'id', message: 'id is read-only and cannot be set' },
      { path: 'colour', message: 'colour is not a known member' },
    ]);
  });

  it('formats nested paths like records[3].watercut', () => {
    const records = [0, 1, 2, 3].map((i) => ({
      date: `2024-01-0${i + 1}`,
      watercut: i === 3 ? 120 : 1,
    }));
    const result = productionIngestSchema.safeParse({ records });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesToDetails(result.error.issues)).toEqual([
      { path: 'records[3].watercut', message: 'must be between 0 and 100' },
    ]);
  });

  it('caps details at 100', () => {
    const records = Array.from({ length: 150 }, () => ({ date: 'nope' }));
    const result = productionIngestSchema.safeParse({ records });
    if (result.success) throw new Error('expected failure');
    expect(issuesToDetails(result.error.issues)).toHaveLength(100);
  });

  it('field rules say the same as the schemas', () => {
    expect(fieldValueProblem('runtime', 24)).toBeNull();
    expect(fieldValueProblem('runtime', 24.01)).toBe('must be between 0 and 24');
    expect(fieldValueProblem('oil_rate', -0.1)).toBe('must be ≥ 0');
    expect(fieldValueProblem('watercut', Number.NaN)).toBe('must be a finite number or null');
    expect(fieldValueProblem('gor', null)).toBeNull();
  });
});

describe('query schemas', () => {
  it('parses limits strictly and refuses repeated single parameters', () => {
    expect(wellsListQuerySchema.parse({ limit: '1000' }).limit).toBe(1000);
    expect(wellsListQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
    expect(wellsListQuerySchema.safeParse({ limit: '1e2' }).success).toBe(false);
    expect(wellsListQuerySchema.safeParse({ limit: ['1', '2'] }).success).toBe(false);
  });

  it('orders requested fields as the table and collapses duplicates', () => {
    const query = productionGetQuerySchema.parse({
      from: '2024-01-01',
      to: '2024-01-02',
      fields: ['watercut,oil_rate', 'oil_rate'],
    });
    expect(query.fields).toEqual(['oil_rate', 'watercut']);
  });
});
