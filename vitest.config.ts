import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'server/**/*.test.ts',
      'electron/**/*.test.ts',
      'scripts/**/*.test.ts',
      'renderer/**/*.test.ts',
    ],
    // Server tests open real SQLite files and loopback ports; two workers match the build machines.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
