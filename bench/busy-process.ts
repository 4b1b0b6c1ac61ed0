import { spawn, spawnSync } from 'node:child_process';

/**
 * The two conditions every speed goal is judged in: an idle machine, and one with a CPU-bound
 * process beside the benchmark, as a field laptop runs a browser, Teams and a VPN beside
 * Flowline. `--idle` or `--busy` on a benchmark's command line runs one of them alone.
 */
export type Condition = 'idle' | 'busy';

export const CONDITION_WORDS: Record<Condition, string> = {
  idle: 'idle',
  busy: 'beside a CPU-bound process',
};

export function conditionsFromArgs(argv: readonly string[]): Condition[] {
  const idle = argv.includes('--idle');
  const busy = argv.includes('--busy');
  if (idle === busy) return ['idle', 'busy'];
  return idle ? ['idle'] : ['busy'];
}

/** True where `taskset` (util-linux) can pin a process to one CPU. */
const canPin = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Runs `work` in `condition`. For `busy`, a Node process spinning on arithmetic runs for the
 * whole of it, pinned to CPU 0 where `taskset` exists (so it competes with the benchmark's
 * processes as one busy application does, not by moving between cores), and is stopped after.
 */
export async function inCondition<T>(condition: Condition, work: () => Promise<T>): Promise<T> {
  if (condition === 'idle') return work();
  const spin = 'let x = 0; for (;;) { x = Math.sqrt(x + Math.random()); }';
  const child = canPin
    ? spawn('taskset', ['-c', '0', process.execPath, '-e', spin], { stdio: 'ignore' })
    : spawn(process.execPath, ['-e', spin], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    child.kill('SIGKILL');
  }
}
