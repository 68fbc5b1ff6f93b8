import type { Db } from '../../../db/client';
import type { CampaignRow, ConnectionRow } from '../../../db/schema';
import type { HookedTx } from '../../../http/context';
import type { Realtime } from '../../../realtime/emit';
import { upsertContact } from '../../contacts';
import { recordSentMessage } from '../../messages';
import { addTicketLogs, closeAfterSend, emitTicketChange, type SendTicketOptions, ticketForSend } from '../../tickets';
import type { SentPart } from './payloads';

/**
 * The campaign's ticket options (spec 3 §3 Campaign). The spec says no more than the fields; they are
 * read as the schedules' options are (tickets/send-ticket.ts): openTicket enabled finds or opens the
 * contact's ticket for userId in queueId and leaves it as statusTicket says; disabled keeps the message
 * in the contact's history (the active ticket, else the newest, else a new closed one).
 */
export const campaignTicketOptions = (c: CampaignRow): SendTicketOptions => ({
  companyId: c.companyId,
  openTicket: c.openTicket,
  statusTicket: c.statusTicket,
  ticketUserId: c.userId,
  queueId: c.queueId,
  actorId: null,
});

export interface RecordDeps {
  db: Db;
  realtime: Realtime;
}

/**
 * Records a contact's sent campaign message (or confirmation request) in their ticket, in the
 * transaction that completes the shipping row, so the agent sees it in the inbox like any outbound
 * send (fromMe, the provider's external ids, later acks find it by them). Callers record only rows
 * their completion moved, and a part already recorded (same connection and external id) is skipped,
 * so a re-send after a crash is one message in the history.
 */
export async function recordInTicket(
  tx: HookedTx,
  deps: RecordDeps,
  c: CampaignRow,
  connection: ConnectionRow,
  to: { number: string; name: string },
  parts: SentPart[],
): Promise<void> {
  const ctx = { db: deps.db, companyId: c.companyId, realtime: deps.realtime };
  const { contact } = await upsertContact(
    tx,
    { companyId: c.companyId, channel: connection.channel, number: to.number, name: to.name, connectionId: connection.id },
    { realtime: deps.realtime },
  );
  const options = campaignTicketOptions(c);
  const opened = await ticketForSend(tx, options, contact, connection);
  for (const part of parts) {
    const media = part.media && c.mediaPath ? { mediaUrl: c.mediaPath, mediaType: c.mediaType ?? 'document', mediaName: c.mediaName } : {};
    await recordSentMessage(tx, ctx, { ticket: opened.ticket, userId: null, body: part.body, externalId: part.externalId, ...media });
  }
  const sent = await closeAfterSend(tx, options, opened);
  await addTicketLogs(tx, sent.ticket, sent.logs);
  if (sent.ticket !== sent.before) emitTicketChange(tx, ctx, sent.before, sent.ticket);
}
