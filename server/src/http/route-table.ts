import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** As registered, with :name parameters and * wildcards (`/users/:id`, `/public/*`). */
  url: string;
}

/**
 * Every route the app registers, including the ones the OpenAPI document hides (static files, media,
 * /docs): the list a test walks to prove each one requires login unless it is meant to be public.
 * Must be installed before any route is registered (an onRoute hook sees only later routes).
 */
export function installRouteTable(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    // Requests are routed without their trailing slash (trailing-slash.ts): such a route could never answer.
    if (route.url.length > 1 && route.url.endsWith('/')) {
      throw new Error(`${route.url} is registered with a trailing slash; register it without (requests are routed without it)`);
    }
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  return routes;
}
