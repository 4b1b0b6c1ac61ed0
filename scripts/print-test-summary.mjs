// Prints Vitest's JSON report as one closing line "Tests: N passed, N failed, N skipped".
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-results/vitest.json';
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
);
process.exit(report.numFailedTests > 0 || !report.success ? 1 : 0);
