import { defineConfig } from 'vitest/config';

/**
 * Browser scenarios against one real server (started in src/global-setup.ts). One worker and files in
 * sequence: the scenarios share that server, and a headless Chromium per file is all this machine
 * needs to run at once. Timeouts are generous because a first page load compiles nothing but still
 * waits for lazy chunks, argon2 hashing and the refresh round trip.
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./src/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false, shuffle: false },
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});
