import { defineConfig } from 'vitest/config';

/**
 * The server's route suites again, on PostgreSQL: `npm run test:pg`. Kept out of `npm test`
 * (vitest.config.ts) so the default run needs no PostgreSQL; see docs/server.md, "PostgreSQL
 * tests". Only suites that reach the database through the harness's engine-neutral
 * helpers are listed; the others check SQLite specifics.
 */
export default defineConfig({
  test: {
    name: 'postgres',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['scripts/pg-global-setup.ts'],
    include: [
      'server/routes/projects.test.ts',
      'server/routes/wells.test.ts',
      'server/routes/production.test.ts',
      'server/routes/production-import.test.ts',
      'server/routes/production-latest.test.ts',
      'server/routes/project-changes.test.ts',
      'server/routes/well-events.test.ts',
      'server/routes/production-monthly.test.ts',
      'server/routes/authorization.test.ts',
      'server/routes/nul-text.test.ts',
      'server/routes/lone-surrogates.test.ts',
      'server/routes/unconvertible-values.test.ts',
      'server/routes/fuzz.test.ts',
      'server/process-tests/crash-atomicity.test.ts',
      'server/store/postgres/**/*.test.ts',
    ],
  },
});
