import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const planRoutes: FastifyPluginAsyncZod = async (_app) => {};
