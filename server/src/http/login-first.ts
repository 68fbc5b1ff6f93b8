import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { isLoginGuard } from './guards';

/**
 * Routes declare their login check and guards as the first preHandlers (`preHandler: [app.authenticate,
 * requireAdmin, …]`, the house shape). Fastify runs preHandlers after parsing and validating the body, so
 * a caller without a login, or with one the route refuses, could still make the server read and judge a
 * body (a 400 naming fields), and a test could not tell "refused" from "bad input". This moves the login
 * check and the guards right after it (role, flags, subscription, plan switch: `loginGuard`s, which need
 * only the login) to onRequest, before the body is read: a refused caller gets 401/402/403 and nothing is
 * read. A preHandler that is not a login guard, and everything after it, stays where it was.
 */
export function installLoginFirst(app: FastifyInstance, authenticate: preHandlerHookHandler) {
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    if (preHandlers[0] !== authenticate) return;
    let guards = 1;
    while (guards < preHandlers.length && isLoginGuard(preHandlers[guards])) guards++;
    route.onRequest = [...[route.onRequest ?? []].flat(), ...(preHandlers.slice(0, guards) as unknown as onRequestHookHandler[])];
    route.preHandler = preHandlers.slice(guards);
  });
}
