import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from './config';

const secrets = { JWT_SECRET: 'a'.repeat(32), JWT_REFRESH_SECRET: 'b'.repeat(32), DATA_DIR: '/tmp/chatflow-config-test' };

test('WEB_DIST written relative (as the README shows it) is resolved from the working directory, as DATA_DIR is', () => {
  expect(loadConfig({ ...secrets, WEB_DIST: 'web/dist' }).webDist).toBe(path.resolve('web/dist'));
  expect(loadConfig({ ...secrets, WEB_DIST: '/srv/chatflow/web' }).webDist).toBe('/srv/chatflow/web');
  expect(loadConfig({ ...secrets }).webDist).toBeNull();
});
