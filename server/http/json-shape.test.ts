import { describe, expect, it } from 'vitest';
import { MAX_RECORDS_PER_POST, PRODUCTION_FIELDS } from '#shared/api/index.js';
import { JSON_SHAPE_LIMITS, jsonShapeProblem } from './json-shape.js';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const members = (count: number, name = (i: number) => `k${i % 10}`) =>
  `{${Array.from({ length: count }, (_, i) => `"${name(i)}":1`).join(',')}}`;

describe('jsonShapeProblem', () => {
  it('accepts the largest valid production POST with room to spare', () => {
    const record = `{"date":"2024-01-01",${PRODUCTION_FIELDS.map((f) => `"${f}":1`).join(',')}}`;
    const body = `{"records":[${Array(MAX_RECORDS_PER_POST).fill(record).join(',')}]}`;
    expect(jsonShapeProblem(body)).toBeUndefined();
    const values = MAX_RECORDS_PER_POST * (PRODUCTION_FIELDS.length + 2) + 1;
    expect(JSON_SHAPE_LIMITS.values).toBeGreaterThan(1.5 * values);
  });

  it('allows 16 levels of arrays and objects and refuses 17', () => {
    expect(jsonShapeProblem(nested(16))).toBeUndefined();
    expect(jsonShapeProblem(nested(17))).toEqual({
      reason: 'nests arrays and objects more than 16 levels deep',
      tooLarge: false,
    });
    const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    expect(jsonShapeProblem(objects(16))).toBeUndefined();
    expect(jsonShapeProblem(objects(17))).toBeDefined();
    expect(jsonShapeProblem(`{"a":[{"b":${nested(14)}}]}`)).toBeDefined();
  });

  it('refuses on the way down, however much follows', () => {
    expect(jsonShapeProblem(`${'['.repeat(17)}${'x'.repeat(1000)}`)).toBeDefined();
  });

  it('does not count brackets, braces, colons, commas or escaped quotes inside strings', () => {
    const inside = `"${'[{:,'.repeat(100)}\\"${'['.repeat(100)}\\\\"`;
    expect(jsonShapeProblem(`{"name":${inside}}`, { ...JSON_SHAPE_LIMITS, values: 2 })).toBe(
      undefined,
    );
    expect(jsonShapeProblem(`{"a\\":[[[[":1}`)).toBeUndefined();
    // An escaped backslash ends before the quote: what follows is structure again.
    expect(jsonShapeProblem(`{"a\\\\":${nested(17)}}`)).toBeDefined();
  });

  it('refuses a body once its commas alone show more values than the limit', () => {
    const limits = { depth: 16, values: 5, memberNames: 1000 };
    // Four commas: at least five values, perhaps more, as in [[1,2],[3]]; not refused.
    expect(jsonShapeProblem('[[1,2],[3]]', limits)).toBeUndefined();
    expect(jsonShapeProblem(`[${members(3)},${members(2)}]`, limits)).toBeUndefined();
    // Five commas: at least six values.
    expect(jsonShapeProblem(`[${members(3)},${members(3)}]`, limits)?.reason).toBe(
      'holds more than 5 array items and object members',
    );
    expect(jsonShapeProblem(members(200_000))).toBeUndefined();
    expect(jsonShapeProblem(members(200_001))).toEqual({
      reason: 'holds more than 200,000 array items and object members',
      tooLarge: true,
    });
    expect(jsonShapeProblem(`[${Array(200_001).fill(0).join(',')}]`)).toBeDefined();
  });

  it('refuses more than 1,000 different member names, counted as sent', () => {
    const unique = (count: number) => members(count, (i) => `name${i}`);
    expect(jsonShapeProblem(unique(1000))).toBeUndefined();
    expect(jsonShapeProblem(unique(1001))).toEqual({
      reason: 'uses more than 1,000 different member names',
      tooLarge: false,
    });
    expect(jsonShapeProblem(`[${Array(100).fill(unique(1000)).join(',')}]`)).toBeUndefined();
    expect(jsonShapeProblem(`[${unique(1000)},{"name1000":1}]`)).toBeDefined();
    expect(
      jsonShapeProblem(`[{"a":1},{"\\u0061":1}]`, { ...JSON_SHAPE_LIMITS, memberNames: 1 }),
    ).toBeDefined();
  });

  it('leaves malformed JSON within the limits to JSON.parse', () => {
    for (const text of ['', '{', '{"a":', '"open', ']]]', '{"a" 1}']) {
      expect(jsonShapeProblem(text), text).toBeUndefined();
    }
  });
});
