import {
  ConfirmationView,
  ContactIdParam,
  ContactRef,
  IdParam,
  TagContactParams,
  TagInput,
  TagListQuery,
  TagPage,
  TagPickerQuery,
  TagRef,
  TagSyncInput,
  TagSyncResult,
  TagUpdateInput,
  TagView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactViewerFor, findCompanyContact, tagsOfContact } from '../contacts';
import { syncContactTags, untagContact } from './commands/contact-tags';
import { createTag, deleteTag, updateTag } from './commands/save-tag';
import { contactsOfTag, listAllTags, listTagsPage, tagView } from './queries';

/**
 * Tags (spec 3 "Tags", §7 "Tags and kanban"; spec 1 §7 contact tags). The tags page is a basic
 * section (spec 1 §6): every user of the company may list, create, edit and delete tags.
 */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/tags', { schema: { querystring: TagListQuery, response: { 200: TagPage } }, preHandler: app.authenticate }, async (req) =>
    listTagsPage(req.ctx.db, req.ctx.companyId, req.query),
  );

  app.get(
    '/tags/list',
    { schema: { querystring: TagPickerQuery, response: { 200: z.array(TagView) } }, preHandler: app.authenticate },
    async (req) => listAllTags(req.ctx.db, req.ctx.companyId, req.query.kanban),
  );

  app.get('/tags/:id', { schema: { params: IdParam, response: { 200: TagView } }, preHandler: app.authenticate }, async (req) =>
    tagView(req.ctx.db, req.ctx.companyId, req.params.id),
  );

  app.get(
    '/tags/:id/contacts',
    { schema: { params: IdParam, response: { 200: z.array(ContactRef) } }, preHandler: app.authenticate },
    async (req) =>
      contactsOfTag(req.ctx.db, req.ctx.companyId, req.params.id, await contactViewerFor(req.ctx.db, req.ctx.companyId, req.ctx.actor)),
  );

  app.post('/tags', { schema: { body: TagInput, response: { 200: TagView } }, preHandler: app.authenticate }, async (req) =>
    createTag(req.ctx, req.body),
  );

  app.put(
    '/tags/:id',
    { schema: { params: IdParam, body: TagUpdateInput, response: { 200: TagView } }, preHandler: app.authenticate },
    async (req) => updateTag(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/tags/:id',
    { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: app.authenticate },
    async (req) => {
      await deleteTag(req.ctx, req.params.id);
      return { message: 'Tag deleted' };
    },
  );

  app.post('/tags/sync', { schema: { body: TagSyncInput, response: { 200: TagSyncResult } }, preHandler: app.authenticate }, async (req) =>
    syncContactTags(req.ctx, req.body.contactId, req.body.tags),
  );

  app.delete(
    '/tags-contacts/:tagId/:contactId',
    { schema: { params: TagContactParams, response: { 200: ConfirmationView } }, preHandler: app.authenticate },
    async (req) => {
      await untagContact(req.ctx, req.params.tagId, req.params.contactId);
      return { message: 'Tag removed from contact' };
    },
  );

  app.get(
    '/contactTags/:contactId',
    { schema: { params: ContactIdParam, response: { 200: z.array(TagRef) } }, preHandler: app.authenticate },
    async (req) => {
      await findCompanyContact(req.ctx.db, req.ctx.companyId, req.params.contactId);
      return tagsOfContact(req.ctx.db, req.params.contactId);
    },
  );
};
