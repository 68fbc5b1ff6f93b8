import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const queueRoutes: FastifyPluginAsyncZod = async (_app) => {};
