export * from './monthly.js';
export * from './columns.js';
export * from './dates.js';
export * from './cumulative.js';
export * from './ratios.js';
export * from './monthly-rates.js';
export * from './downsample.js';
export * from './plausibility.js';
