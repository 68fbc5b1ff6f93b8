import type { FastifyInstance } from 'fastify';

/**
 * While the app closes (SIGTERM), every response still being written says `Connection: close`, so its
 * keep-alive connection ends with it. Without this, a request in flight when the stop began leaves its
 * connection open and idle, and the server would wait for the keep-alive timeout (72 s) before it could
 * close: the node's stop would overrun its 30 s. Connections already idle are closed by Fastify itself.
 */
export function installDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
