// `npm test`: every stage in turn (type check, lint, format check, unit and integration
// tests, end-to-end tests), then one closing line for the whole run,
// "Tests: N passed, N failed, N skipped", printed even when a stage failed. A stage that
// failed without a test report of its own (type check, lint, format, a build) counts as one
// failed test, named above the closing line; passing ones add no count (they are not tests).
// Exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const npm = (script) => ['npm', 'run', '--silent', script];

export const STAGES = [
  { name: 'typecheck', command: npm('typecheck') },
  { name: 'lint', command: npm('lint') },
  { name: 'format', command: npm('format:check') },
  {
    name: 'unit and integration tests',
    command: npm('test:unit'),
    report: { kind: 'vitest', file: 'test-results/vitest.json' },
  },
  {
    name: 'end-to-end tests',
    command: npm('test:e2e'),
    report: { kind: 'playwright', file: 'test-results/playwright.json' },
  },
];

/** Counts from a stage's JSON report, or null when it wrote none (it failed before testing). */
function counts(report) {
  if (!existsSync(report.file)) return null;
  const json = JSON.parse(readFileSync(report.file, 'utf8'));
  if (report.kind === 'vitest') {
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

/** Whole seconds from `start` to `end` (milliseconds), as a stage's progress line shows them. */
const seconds = (start, end) => `${Math.round((end - start) / 1000)} s`;

/**
 * Runs the stages; returns the closing line and the exit code, having printed both lines.
 * Each stage is announced ("Stage 2 of 5: lint") and closed with its verdict and duration,
 * so a run of ten minutes or more shows where it is.
 */
export function runStages(stages, log = console.log, now = Date.now) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const failedStages = [];
  for (const [index, stage] of stages.entries()) {
    log(`\nStage ${index + 1} of ${stages.length}: ${stage.name}`);
    const started = now();
    if (stage.report) rmSync(stage.report.file, { force: true }); // never count an old run
    const [command, ...args] = stage.command;
    const run = spawnSync(command, args, {
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    const tested = stage.report ? counts(stage.report) : null;
    if (tested) {
      total.passed += tested.passed;
      total.failed += tested.failed;
      total.skipped += tested.skipped;
    }
    if (run.status !== 0) {
      failedStages.push(stage.name);
      // A failure the report does not count (no report, or a crash after it) is one failure.
      if (!tested || tested.failed === 0) total.failed += 1;
    }
    const verdict = run.status === 0 ? 'passed' : 'FAILED';
    log(
      `Stage ${index + 1} of ${stages.length}: ${stage.name} ${verdict} in ${seconds(started, now())}`,
    );
  }
  if (failedStages.length > 0) log(`\nFailed stages: ${failedStages.join(', ')}`);
  const line = `Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
  log(line);
  return { line, code: failedStages.length > 0 || total.failed > 0 ? 1 : 0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(runStages(STAGES).code);
}
