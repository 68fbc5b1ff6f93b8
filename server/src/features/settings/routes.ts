import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingRoutes: FastifyPluginAsyncZod = async (_app) => {};
