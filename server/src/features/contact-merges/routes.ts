import {
  ContactMergeCounts,
  ContactMergeIdParam,
  ContactMergeInput,
  ContactMergeQuery,
  ContactMergeView,
  IdParam,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../http/guards';
import { mergeContacts } from './commands/merge-contacts';
import { undoContactMerge } from './commands/undo-merge';
import { previewContactMerge } from './queries';

/**
 * Merging two contacts of a company into one, and undoing it (issue 16). Admins only: a merge
 * re-points every ticket of a customer. Another company's contact or merge is a 404.
 */
export const contactMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contacts/:id/merge/preview',
    {
      schema: { params: IdParam, querystring: ContactMergeQuery, response: { 200: ContactMergeCounts } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (req) => previewContactMerge(req.ctx.db, req.ctx.companyId, req.params.id, req.query.fromContactId),
  );

  app.post(
    '/contacts/:id/merge',
    {
      schema: { params: IdParam, body: ContactMergeInput, response: { 200: ContactMergeView } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (req) => mergeContacts(req.ctx, req.params.id, req.body.fromContactId),
  );

  app.post(
    '/contacts/merges/:mergeId/undo',
    { schema: { params: ContactMergeIdParam, response: { 200: ContactMergeView } }, preHandler: [app.authenticate, requireAdmin] },
    async (req) => undoContactMerge(req.ctx, req.params.mergeId),
  );
};
