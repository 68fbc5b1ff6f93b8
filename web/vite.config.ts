import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
        target: api, ws: true, changeOrigin: true,
        bypass: (req: { headers: { accept?: string } }) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 900 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
