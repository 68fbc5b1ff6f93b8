import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = process.env.API_URL ?? 'http://localhost:8080';
// In dev, every API path and the socket go to the server; page loads stay with Vite.
const proxied = ['/auth', '/users', '/queue', '/companies', '/companiesPlan', '/plans', '/helps', '/settings', '/setting',
  '/public-settings', '/companySettings', '/companySettingOne', '/version', '/public', '/socket.io', '/settings-whitelabel'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@chatflow/contract': path.resolve(__dirname, '../packages/contract/src/index.ts') } },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, ws: p === '/socket.io', changeOrigin: true,
      bypass: (req: { headers: { accept?: string } }) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined) }])),
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 900 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
