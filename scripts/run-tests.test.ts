import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runStages } from './run-tests.mjs';

const dir = mkdtempSync(join(tmpdir(), 'flowline-run-tests-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stage that writes a Vitest-style report with these counts, then exits with `code`. */
function reporting(file: string, passed: number, failed: number, code: number) {
  const report = JSON.stringify({
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: 1,
    numTodoTests: 0,
  });
  const script = `require('fs').writeFileSync(${JSON.stringify(file)}, ${JSON.stringify(report)}); process.exit(${code})`;
  return { command: [process.execPath, '-e', script], report: { kind: 'vitest' as const, file } };
}

/** A clock that moves 2 s each time it is read, so each stage takes 2 s. */
function ticking() {
  let ms = 0;
  return () => (ms += 2000);
}

describe('npm test’s closing line', () => {
  it('is printed after a failed stage, counts it, and the run fails', () => {
    const lines: string[] = [];
    const result = runStages(
      [
        { name: 'typecheck', command: [process.execPath, '-e', 'process.exit(2)'] },
        { name: 'unit', ...reporting(join(dir, 'unit.json'), 7, 2, 1) },
        { name: 'e2e', ...reporting(join(dir, 'e2e.json'), 3, 0, 0) },
      ],
      (line) => lines.push(line),
      ticking(),
    );
    expect(result).toEqual({ line: 'Tests: 10 passed, 3 failed, 2 skipped', code: 1 });
    expect(lines).toEqual([
      '\nStage 1 of 3: typecheck',
      'Stage 1 of 3: typecheck FAILED in 2 s',
      '\nStage 2 of 3: unit',
      'Stage 2 of 3: unit FAILED in 2 s',
      '\nStage 3 of 3: e2e',
      'Stage 3 of 3: e2e passed in 2 s',
      '\nFailed stages: typecheck, unit',
      'Tests: 10 passed, 3 failed, 2 skipped',
    ]);
  });

  it('passes when every stage passes, and never counts a report left by an earlier run', () => {
    const stale = join(dir, 'stale.json');
    reporting(stale, 100, 100, 0); // only describes the stage; nothing written yet
    const result = runStages(
      [
        { name: 'lint', command: [process.execPath, '-e', ''] },
        {
          name: 'crashes before reporting',
          command: [process.execPath, '-e', 'process.exit(1)'],
          report: { kind: 'vitest' as const, file: stale },
        },
      ],
      () => undefined,
    );
    expect(result).toEqual({ line: 'Tests: 0 passed, 1 failed, 0 skipped', code: 1 });
    expect(
      runStages([{ name: 'ok', ...reporting(join(dir, 'ok.json'), 4, 0, 0) }], () => undefined),
    ).toEqual({
      line: 'Tests: 4 passed, 0 failed, 1 skipped',
      code: 0,
    });
  });
});
