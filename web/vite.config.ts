import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The contract package's sources, bundled into the app from packages/contract/src. */
const CONTRACT_SOURCES = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
/**
 * A feature's index.ts only re-exports: a chunk that imports one hook from it must not receive the
 * feature's other exports (a settings manager, a lazily loaded modal) with it.
 */
const FEATURE_PUBLIC_MODULE = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;
const api = process.env.API_URL ?? 'http://localhost:8080';
// In dev, every request that is not Vite's own (sources, HMR, page loads) goes to the server, so new
// API paths need no change here.
const apiPaths = '^/(?!src/|@|node_modules/|__vite|favicon|logo).+';
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@chatflow/contract': path.resolve(__dirname, '../packages/contract/src/index.ts') } },
  server: {
    proxy: {
      [apiPaths]: {
        target: api,
        ws: true,
        changeOrigin: true,
        bypass: (req: { headers: { accept?: string } }) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The contract only declares things (constants, functions, zod schemas), so a page that needs
      // one constant must not pull in every module of the contract and zod with it: a contract
      // module is bundled only where something it exports is used. A module goes whole into one
      // chunk, so constants the first paint needs live in contract modules without schemas
      // (setting-keys.ts, ticket-limits.ts). No manualChunks on purpose: the default splitting
      // keeps each library with the pages that use it, out of the entry.
      treeshake: {
        moduleSideEffects: [
          { test: CONTRACT_SOURCES, sideEffects: false },
          { test: FEATURE_PUBLIC_MODULE, sideEffects: false },
        ],
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Vitest's default is one worker less than the CPUs: one worker on a 2-CPU machine.
    maxWorkers: 2,
  },
});
