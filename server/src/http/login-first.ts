import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';

/**
 * Routes declare their login check as the first preHandler (`preHandler: [app.authenticate, …]`, the
 * house shape). Fastify runs preHandlers after parsing and validating the body, so a caller without a
 * login could still make the server read and judge a body (a 400 naming fields), and a test could not
 * tell "needs login" from "bad input". This moves that first check to onRequest, before the body is
 * read: without a login every private route answers 401 and reads nothing. The checks after it (admin,
 * permissions, plan) stay where they are, as they need only the login.
 */
export function installLoginFirst(app: FastifyInstance, authenticate: preHandlerHookHandler) {
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    if (preHandlers[0] !== authenticate) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), authenticate as unknown as onRequestHookHandler];
    route.preHandler = preHandlers.slice(1);
  });
}
