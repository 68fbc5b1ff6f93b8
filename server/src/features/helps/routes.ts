import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const helpRoutes: FastifyPluginAsyncZod = async (_app) => {};
