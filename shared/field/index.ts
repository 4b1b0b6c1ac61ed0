/** Field review maths, pure: field totals, alignment on producing time, normalisation, type curves. */
export * from './align.js';
export * from './field-csv.js';
export * from './field-totals.js';
export * from './normalise.js';
export * from './percentiles.js';
export * from './type-curve.js';
