import {
  ConfirmationView,
  ContactAcceptAudioView,
  ContactBlockInput,
  ContactDisableBotView,
  ContactInput,
  ContactListQuery,
  ContactNumberParam,
  ContactPage,
  ContactPictureView,
  ContactRef,
  ContactUpdateInput,
  ContactView,
  ContactWalletInput,
  ContactWalletView,
  IdParam,
} from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requirePermission } from '../../http/guards';
import { setContactActive, toggleContactFlag } from './commands/contact-flags';
import { createContact } from './commands/create-contact';
import { deleteContact } from './commands/delete-contact';
import { updateContact } from './commands/update-contact';
import { contactViewerFor } from './lgpd';
import { contactWallet, setContactWallet } from './wallets';
import { contactNotFound, contactView, findCompanyContact, findContactByNumber, listContactRefs, listContactsPage } from './queries';

const viewerOf = (req: FastifyRequest) => contactViewerFor(req.ctx.db, req.ctx.companyId, req.ctx.actor);

/**
 * Contacts (spec 1 §7 "Contacts and tags", spec 2 §7 "Contacts administration"). A basic section:
 * every user of the company works with contacts; deleting one needs contacts-page:deleteContact.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contacts',
    { schema: { querystring: ContactListQuery, response: { 200: ContactPage } }, preHandler: app.authenticate },
    async (req) => listContactsPage(req.ctx.db, req.ctx.companyId, req.query, await viewerOf(req)),
  );

  app.get('/contacts/list', { schema: { response: { 200: z.array(ContactRef) } }, preHandler: app.authenticate }, async (req) =>
    listContactRefs(req.ctx.db, req.ctx.companyId, await viewerOf(req)),
  );

  app.get(
    '/contacts/profile/:number',
    { schema: { params: ContactNumberParam, response: { 200: ContactPictureView } }, preHandler: app.authenticate },
    async (req) => {
      const contact = await findContactByNumber(req.ctx.db, req.ctx.companyId, req.params.number);
      if (!contact) throw contactNotFound();
      return { contactId: contact.id, urlPicture: contact.urlPicture };
    },
  );

  app.get('/contacts/:id', { schema: { params: IdParam, response: { 200: ContactView } }, preHandler: app.authenticate }, async (req) =>
    contactView(req.ctx.db, await findCompanyContact(req.ctx.db, req.ctx.companyId, req.params.id), await viewerOf(req)),
  );

  app.post('/contacts', { schema: { body: ContactInput, response: { 200: ContactView } }, preHandler: app.authenticate }, async (req) =>
    createContact(req.ctx, req.body),
  );

  app.put(
    '/contacts/:id',
    { schema: { params: IdParam, body: ContactUpdateInput, response: { 200: ContactView } }, preHandler: app.authenticate },
    async (req) => updateContact(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/contacts/:id',
    {
      schema: { params: IdParam, response: { 200: ConfirmationView } },
      preHandler: [app.authenticate, requirePermission('contacts-page:deleteContact')],
    },
    async (req) => {
      await deleteContact(req.ctx, req.params.id);
      return { message: 'Contact deleted' };
    },
  );

  app.put(
    '/contacts/block/:id',
    { schema: { params: IdParam, body: ContactBlockInput, response: { 200: ContactView } }, preHandler: app.authenticate },
    async (req) => setContactActive(req.ctx, req.params.id, req.body.active),
  );

  app.put(
    '/contacts/toggleAcceptAudio/:id',
    { schema: { params: IdParam, response: { 200: ContactAcceptAudioView } }, preHandler: app.authenticate },
    async (req) => ({
      acceptAudioMessage: (await toggleContactFlag(req.ctx, req.params.id, 'acceptAudioMessage')).acceptAudioMessage,
    }),
  );

  app.put(
    '/contacts/toggleDisableBot/:id',
    { schema: { params: IdParam, response: { 200: ContactDisableBotView } }, preHandler: app.authenticate },
    async (req) => ({
      disableBot: (await toggleContactFlag(req.ctx, req.params.id, 'disableBot')).disableBot,
    }),
  );

  // The contact's wallet (DirectTicketsToWallets): read by anyone who works with contacts, set by admins.
  app.get(
    '/contacts/:id/wallets',
    { schema: { params: IdParam, response: { 200: ContactWalletView } }, preHandler: app.authenticate },
    async (req) => contactWallet(req.ctx.db, req.ctx.companyId, req.params.id),
  );

  app.put(
    '/contacts/:id/wallets',
    {
      schema: { params: IdParam, body: ContactWalletInput, response: { 200: ContactWalletView } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (req) => setContactWallet(req.ctx, req.params.id, req.body.userIds),
  );
};
