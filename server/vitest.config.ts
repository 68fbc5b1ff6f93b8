import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Suites about the embedded database alone, left out of the PostgreSQL pass (they start their own server on
 * PGlite whatever TEST_DATABASE_URL says, so that pass would only run them twice).
 */
const PGLITE_ONLY = ['src/db/data-dir-lock.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? PGLITE_ONLY : [])],
    globalSetup: ['./src/test/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
