import { PassThrough } from 'node:stream';
import {
  CONTACT_LIST_IMPORT_MAX_BYTES,
  ConfirmationView,
  ContactListImportResult,
  ContactListInput,
  ContactListItemInput,
  ContactListItemListQuery,
  ContactListItemPage,
  ContactListItemUpdateInput,
  ContactListItemView,
  ContactListListQuery,
  ContactListPage,
  ContactListView,
  IdParam,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveSubscription, requireAdmin, requirePermission, requirePlan } from '../../http/guards';
import { readUpload, requireFile } from '../../media';
import { XLSX_MIME } from '../contacts';
import { importItems } from './commands/import-items';
import { createContactList, deleteContactList, updateContactList } from './commands/save-contact-list';
import { createItem, deleteItem, updateItem } from './commands/save-item';
import { writeExampleSpreadsheet } from './example';
import { presentContactListItem } from './presenter';
import { contactListView, findItem, listAllContactLists, listContactListsPage, listItemsPage } from './queries';

const xlsxFile = {
  description: 'planilha_exemplo.xlsx',
  content: { [XLSX_MIME]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
};

/**
 * Contact lists and their items (spec 3 "Contact lists", §6, §7), behind the plan's useCampaigns. Any
 * user of the company reads the lists (the campaign modal picks one); changing lists and everything
 * about items is for admins (a "user" profile sees the no-permission view there).
 */
export const contactListRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = [app.authenticate, requireActiveSubscription, requirePlan('useCampaigns')];
  const manage = [...read, requireAdmin];

  app.get(
    '/contact-lists',
    { schema: { querystring: ContactListListQuery, response: { 200: ContactListPage } }, preHandler: read },
    async (req) => listContactListsPage(req.ctx.db, req.ctx.companyId, req.query),
  );
  app.get('/contact-lists/list', { schema: { response: { 200: z.array(ContactListView) } }, preHandler: read }, async (req) =>
    listAllContactLists(req.ctx.db, req.ctx.companyId),
  );
  app.get('/contact-lists/example', { schema: { response: { 200: xlsxFile } }, preHandler: read }, async (_req, reply) => {
    const file = new PassThrough();
    writeExampleSpreadsheet(file).catch((err) => file.destroy(err));
    return reply.header('content-type', XLSX_MIME).header('content-disposition', 'attachment; filename="planilha_exemplo.xlsx"').send(file);
  });
  app.get('/contact-lists/:id', { schema: { params: IdParam, response: { 200: ContactListView } }, preHandler: read }, async (req) =>
    contactListView(req.ctx.db, req.ctx.companyId, req.params.id),
  );
  app.post('/contact-lists', { schema: { body: ContactListInput, response: { 200: ContactListView } }, preHandler: manage }, async (req) =>
    createContactList(req.ctx, req.body),
  );
  app.put(
    '/contact-lists/:id',
    { schema: { params: IdParam, body: ContactListInput, response: { 200: ContactListView } }, preHandler: manage },
    async (req) => updateContactList(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/contact-lists/:id',
    { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: manage },
    async (req) => {
      await deleteContactList(req.ctx, req.params.id);
      return { message: 'Contact list deleted' };
    },
  );
  app.post(
    '/contact-lists/:id/upload',
    { schema: { params: IdParam, response: { 200: ContactListImportResult } }, preHandler: manage },
    async (req) => {
      const file = requireFile(await readUpload(req, { maxBytes: CONTACT_LIST_IMPORT_MAX_BYTES })).data;
      return importItems(req.ctx, req.params.id, file);
    },
  );

  app.get(
    '/contact-list-items',
    { schema: { querystring: ContactListItemListQuery, response: { 200: ContactListItemPage } }, preHandler: manage },
    async (req) => listItemsPage(req.ctx.db, req.ctx.companyId, req.query),
  );
  app.get(
    '/contact-list-items/:id',
    { schema: { params: IdParam, response: { 200: ContactListItemView } }, preHandler: manage },
    async (req) => presentContactListItem(await findItem(req.ctx.db, req.ctx.companyId, req.params.id)),
  );
  app.post(
    '/contact-list-items',
    { schema: { body: ContactListItemInput, response: { 200: ContactListItemView } }, preHandler: manage },
    async (req) => createItem(req.ctx, req.body),
  );
  app.put(
    '/contact-list-items/:id',
    { schema: { params: IdParam, body: ContactListItemUpdateInput, response: { 200: ContactListItemView } }, preHandler: manage },
    async (req) => updateItem(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/contact-list-items/:id',
    {
      schema: { params: IdParam, response: { 200: ConfirmationView } },
      preHandler: [...manage, requirePermission('contacts-page:deleteContact')],
    },
    async (req) => {
      await deleteItem(req.ctx, req.params.id);
      return { message: 'Contact list item deleted' };
    },
  );
};
