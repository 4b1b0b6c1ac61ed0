// `npm test`: every stage in turn (type check, lint, format check, unit and integration
// tests, end-to-end tests), then one closing line for the whole run,
// "Tests: N passed, N failed, N skipped", printed even when a stage failed. A stage that
// failed without a test report of its own (type check, lint, format, a build) counts as one
// failed test, named above the closing line; passing ones add no count (they are not tests). Exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const STAGES = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'format', script: 'format:check' },
  { name: 'unit and integration tests', script: 'test:unit', report: 'test-results/vitest.json' },
  { name: 'end-to-end tests', script: 'test:e2e', report: 'test-results/playwright.json' },
];

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/** Counts from a stage's JSON report, or null when it wrote none (it failed before testing). */
function counts(report) {
  const json = read(report);
  if (!json) return null;
  if (report.endsWith('vitest.json')) {
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
  }
  return {
    passed: json.stats.expected + json.stats.flaky,
    failed: json.stats.unexpected,
    skipped: json.stats.skipped,
  };
}

const total = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
for (const stage of STAGES) {
  if (stage.report) rmSync(stage.report, { force: true }); // never count an old run
  const run = spawnSync('npm', ['run', '--silent', stage.script], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  const ok = run.status === 0;
  const tested = stage.report ? counts(stage.report) : null;
  if (tested) {
    total.passed += tested.passed;
    total.failed += tested.failed;
    total.skipped += tested.skipped;
  }
  if (!ok) {
    failedStages.push(stage.name);
    // A failure the report does not count (no report, or a crash after it) is one failure.
    if (!tested || tested.failed === 0) total.failed += 1;
  }
}

if (failedStages.length > 0) console.log(`\nFailed stages: ${failedStages.join(', ')}`);
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedStages.length > 0 || total.failed > 0 ? 1 : 0);
