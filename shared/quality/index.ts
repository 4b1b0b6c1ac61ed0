/** Data-quality rules: pure functions from a well's days (as columns) to findings (see each file). */
export * from './types.js';
export * from './scan-well.js';
export * from './well-columns.js';
export * from './severity.js';
export * from './stake.js';
export { reportingGaps, GAP_MIN_DAYS, type ReportingGapOptions } from './reporting-gaps.js';
export { flatLines, FLAT_LINE_MIN_DAYS } from './flat-lines.js';
export { spikes, SPIKE_HALF_WINDOW, SPIKE_SIGMAS, SPIKE_FACTOR } from './spikes.js';
export { ratioJumps, RATIO_WINDOW, RATIO_SIGMAS } from './ratio-jumps.js';
export { beforeSpud } from './before-spud.js';
export { runtimeMismatch } from './runtime-mismatch.js';
export { implausibleValues } from './implausible.js';
