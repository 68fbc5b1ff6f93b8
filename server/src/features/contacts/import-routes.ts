import { PassThrough } from 'node:stream';
import {
  ContactImportOutcome,
  ContactImportRowInput,
  ContactImportRowsInput,
  ContactImportStarted,
  ContactPhoneImportInput,
  ContactPhoneImportResult,
  ContactSheetView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeContactsXlsx, XLSX_MIME } from './import/export';
import { importContactRow, startContactImport } from './import/import-contact';
import { importPhoneContacts } from './import/phone-import';
import { contactSheetJson } from './import/sheet';
import { readSheetUpload } from './import/upload';
import { contactViewerFor } from './lgpd';

/** A selection of 50,000 rows is a few MB of JSON: above the app's 2 MB default, bounded all the same. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** The export streams a spreadsheet: OpenAPI shows it as a binary body of its media type. */
const xlsxFile = { description: 'contatos.xlsx', content: { [XLSX_MIME]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } } };

/**
 * Contact import and export (spec 2 "Contacts administration", §5 Contact import, §7). The page
 * uploads a sheet for a preview, then imports the chosen rows either one call per row
 * (/contactsImport, the spec's way) or as one job (/contacts/import/rows).
 */
export const contactImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The worker answers the preview already through its view, as JSON: sent as it is (a string skips the serializer).
  app.post('/contacts/upload', { schema: { response: { 200: ContactSheetView } }, preHandler: app.authenticate }, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send((await contactSheetJson(await readSheetUpload(req))) as unknown as ContactSheetView),
  );

  app.post(
    '/contactsImport',
    { schema: { body: ContactImportRowInput, response: { 200: ContactImportOutcome } }, preHandler: app.authenticate },
    async (req) => importContactRow(req.ctx, req.body),
  );

  app.post(
    '/contacts/import/rows',
    {
      schema: { body: ContactImportRowsInput, response: { 200: ContactImportStarted } },
      bodyLimit: IMPORT_BODY_LIMIT,
      preHandler: app.authenticate,
    },
    async (req) => startContactImport(req.ctx, req.body),
  );

  // The phone of a WhatsApp Web connection: its address book, or the people it has chats with.
  const fromPhone = {
    schema: { body: ContactPhoneImportInput, response: { 200: ContactPhoneImportResult } },
    preHandler: app.authenticate,
  };
  app.post('/contacts/import', fromPhone, async (req) => importPhoneContacts(req.ctx, req.body, 'saved'));
  app.post('/contacts/import/chats', fromPhone, async (req) => importPhoneContacts(req.ctx, req.body, 'chat'));

  app.get('/contacts/export', { schema: { response: { 200: xlsxFile } }, preHandler: app.authenticate }, async (req, reply) => {
    const viewer = await contactViewerFor(req.ctx.db, req.ctx.companyId, req.ctx.actor);
    const file = new PassThrough();
    writeContactsXlsx(req.ctx.db, req.ctx.companyId, viewer, file).catch((err) => {
      req.log.error({ err }, 'contact export failed');
      file.destroy(err);
    });
    return reply.header('content-type', XLSX_MIME).header('content-disposition', 'attachment; filename="contatos.xlsx"').send(file);
  });
};
