import { VersionView } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

/** GET /version: the server's version for the drawer footer. Public. */
export const versionRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/version', { schema: { response: { 200: VersionView } } }, async () => ({ version: config.version }));
  };
