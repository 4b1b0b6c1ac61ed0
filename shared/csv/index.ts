/** CSV import, the pure half: header mapping, units, dates, numbers, row rules, CSV output. */
export * from './targets.js';
export * from './numbers.js';
export * from './dates.js';
export * from './month-names.js';
export * from './date-problem.js';
export * from './monthly-dates.js';
export * from './delimiter.js';
export * from './units.js';
export * from './headers.js';
export * from './summary-lines.js';
export * from './wells.js';
export * from './problems.js';
export * from './csv-writer.js';
export * from './utf8.js';
