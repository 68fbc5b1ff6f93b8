import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../../http/authenticate';
import type { RequestContext } from '../../http/context';

/**
 * For the one public route that still reads the caller when there is one (GET /plans/list): with a
 * valid token `req.ctx` is set; without a token, or with a stale one (a signup page opened in a
 * browser that once logged in), the caller is anonymous instead of refused.
 */
export const optionalAuthenticate = (app: FastifyInstance) => async (req: FastifyRequest, reply: FastifyReply) => {
  if (!bearerToken(req)) return;
  try {
    await app.authenticate(req, reply);
  } catch {
    (req as { ctx?: RequestContext }).ctx = undefined;
  }
};

export const callerIsSuper = (req: FastifyRequest) => (req as { ctx?: RequestContext }).ctx?.actor.super === true;
