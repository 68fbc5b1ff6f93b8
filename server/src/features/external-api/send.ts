import type { ExternalSendData, ExternalSendView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelRegistry } from '../../channels/types';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { type ConnectionRow, type MessageRow, type TicketRow, tickets, users } from '../../db/schema';
import { transactionRunner } from '../../http/context';
import { ZodError } from 'zod';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Realtime } from '../../realtime/emit';
import { upsertContact } from '../contacts';
import { assertCustomerWindow, createOutboundMessage, prepareUpload, removeMedia, signaturePrefix, storeMedia } from '../messages';
import { findTemplateByName, templateMessage } from '../message-templates';
import { AppError } from '../../http/errors';
import { existingQueueIds } from '../queues';
import { addTicketLogs, emitTicketChange } from '../tickets';
import { findOrOpenTicket } from './ticket';

export interface ExternalSendDeps {
  db: Db;
  config: Config;
  realtime: Realtime;
  jobs: JobQueue;
  channels: ChannelRegistry;
  log: FastifyBaseLogger;
}

export interface ExternalFile {
  fileName: string;
  data: Buffer;
}

async function userOfCompany(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (!row) throw notFound('ERR_NO_USER_FOUND');
  return row;
}

/** The stored message of a named template of the connection (ERR_TEMPLATE_NOT_SENDABLE when it has none such approved). */
async function templateContent(tx: DbOrTx, connection: ConnectionRow, template: NonNullable<ExternalSendData['template']>) {
  const row = await findTemplateByName(tx, connection.companyId, connection.id, template.name, template.language);
  if (!row) throw new AppError('ERR_TEMPLATE_NOT_SENDABLE', 400);
  return templateMessage(row, template);
}

/**
 * POST /api/messages/send: the number becomes (or finds) the company's contact on the token's
 * connection, its active ticket is reused or opened, and the text, or each file with the text as
 * its caption, goes out through the normal outbound path (message row and send job in one
 * transaction, announced to the inbox). With closeTicket the ticket is closed afterwards.
 */
export async function sendExternalMessage(
  deps: ExternalSendDeps,
  connection: ConnectionRow,
  input: ExternalSendData,
  files: ExternalFile[],
): Promise<ExternalSendView> {
  const companyId = connection.companyId;
  if (input.template && connection.channel !== 'whatsappapi') throw new AppError('ERR_TEMPLATES_UNAVAILABLE', 400);
  if (!input.template && !input.body.trim() && files.length === 0)
    throw new ZodError([{ code: 'custom', path: ['body'], message: 'validation.required', input: '' }]);
  const user = input.userId ? await userOfCompany(deps.db, companyId, input.userId) : null;
  if (input.queueId && (await existingQueueIds(deps.db, companyId, [input.queueId])).length === 0) throw notFound('ERR_NOT_FOUND');
  const text = input.sendSignature && user && input.body.trim() ? signaturePrefix(user.name) + input.body.trim() : input.body.trim();

  const classified = [];
  for (const file of files) classified.push(await prepareUpload(file, deps));
  const stored: string[] = [];
  const ctx = { db: deps.db, companyId, realtime: deps.realtime, jobs: deps.jobs, config: deps.config };
  try {
    const items: { mediaUrl: string; mediaType: string; mediaName: string; body: string }[] = [];
    for (const [i, { file, type }] of classified.entries()) {
      const mediaUrl = await storeMedia(deps.config, companyId, file.data, type.ext);
      stored.push(mediaUrl);
      items.push({ mediaUrl, mediaType: type.mediaType, mediaName: file.fileName, body: i === 0 ? text : '' });
    }
    return await transactionRunner(
      deps.db,
      deps.log,
    )(async (tx) => {
      const { contact } = await upsertContact(
        tx,
        { companyId, channel: connection.channel, number: input.number, name: '', connectionId: connection.id },
        { realtime: deps.realtime },
      );
      const resolved = await findOrOpenTicket(tx, connection, contact, { userId: user?.id ?? null, queueId: input.queueId ?? null });
      let ticket: TicketRow = resolved.after;
      if (resolved.created) await addTicketLogs(tx, ticket, [{ type: 'create', userId: user?.id ?? null, queueId: ticket.queueId }]);
      const rows: MessageRow[] = [];
      // A template is the way in outside Meta's 24-hour window; anything else is refused there before it is stored.
      const template = input.template ? await templateContent(tx, connection, input.template) : null;
      if (!template) await assertCustomerWindow(tx, { channel: connection.channel, connectionId: connection.id, contactId: contact.id });
      const outgoing = template ? [template] : items.length > 0 ? items : [{ body: text }];
      for (const item of outgoing) rows.push(await createOutboundMessage(tx, ctx, { ticket, userId: user?.id ?? null, ...item }));
      if (input.closeTicket) {
        [ticket] = await tx.update(tickets).set({ status: 'closed', updatedAt: new Date() }).where(eq(tickets.id, ticket.id)).returning();
        await addTicketLogs(tx, ticket, [{ type: 'closed', userId: user?.id ?? null, queueId: ticket.queueId }]);
      }
      if (ticket !== resolved.before) emitTicketChange(tx, ctx, resolved.before, ticket);
      return { message: 'Mensagem enviada', ticketId: ticket.id, contactId: contact.id, messageIds: rows.map((r) => r.id) };
    });
  } catch (err) {
    // Nothing was recorded: the stored files would be orphans.
    await Promise.all(stored.map((url) => removeMedia(deps.config, companyId, url)));
    throw err;
  }
}
