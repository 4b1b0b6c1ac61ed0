import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Server tests open real SQLite files and loopback ports; two workers match the build machines.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'electron/**/*.test.ts',
            'scripts/**/*.test.ts',
            'renderer/**/*.test.ts',
          ],
          // These need a PostgreSQL cluster: `npm run test:pg` (vitest.pg.config.ts) starts one.
          exclude: ['server/store/postgres/**', 'node_modules/**'],
        },
      },
      {
        // The renderer's components in a DOM (jsdom), with the bridge faked at its interface
        // (renderer/src/testing/): only these files pay for the DOM's start-up.
        extends: true,
        plugins: [react()],
        test: {
          name: 'dom',
          include: ['renderer/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['renderer/src/testing/dom-setup.ts'],
        },
      },
    ],
  },
});
