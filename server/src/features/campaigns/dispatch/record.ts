import type { Db } from '../../../db/client';
import type { CampaignRow, ConnectionRow } from '../../../db/schema';
import type { HookedTx } from '../../../http/context';
import type { Realtime } from '../../../realtime/emit';
import { upsertContacts } from '../../contacts';
import { recordSentMessages } from '../../messages';
import { type SendTicketOptions, settleSends, ticketsForSend } from '../../tickets';
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

/** One sent row: who it went to and what the provider took. */
export interface SentToContact {
  to: { number: string; name: string };
  parts: SentPart[];
}

/**
 * Records the sent campaign messages (or confirmation requests) of a step in the contacts' tickets,
 * in the transaction that completes the shipping rows, so the agent sees them in the inbox like any
 * outbound send (fromMe, the provider's external ids, later acks find them by them). Set-based: the
 * step's contacts, their tickets, the messages and the logs are each one or two statements, however
 * many rows the step sent; each contact's outcome is what ticketForSend/closeAfterSend give one send.
 * Callers record only rows their completion moved, and a part already recorded (same connection and
 * external id) is skipped, so a re-send after a crash is one message in the history.
 */
export async function recordInTickets(
  tx: HookedTx,
  deps: RecordDeps,
  c: CampaignRow,
  connection: ConnectionRow,
  sent: SentToContact[],
): Promise<void> {
  if (sent.length === 0) return;
  const ctx = { db: deps.db, companyId: c.companyId, realtime: deps.realtime };
  const people = await upsertContacts(
    tx,
    { companyId: c.companyId, channel: connection.channel, connectionId: connection.id, people: sent.map((s) => s.to) },
    { realtime: deps.realtime },
  );
  const options = campaignTicketOptions(c);
  const opened = await ticketsForSend(tx, options, people, connection);
  const media = c.mediaPath ? { mediaUrl: c.mediaPath, mediaType: c.mediaType ?? 'document', mediaName: c.mediaName } : {};
  await recordSentMessages(
    tx,
    ctx,
    sent.flatMap((s, i) =>
      s.parts.map((part) => ({
        ticket: opened.get(people[i].id)!.ticket,
        userId: null,
        body: part.body,
        externalId: part.externalId,
        ...(part.media ? media : {}),
      })),
    ),
  );
  await settleSends(tx, ctx, options, [...opened.values()]);
}

/** One contact's send (the confirmation flow's campaign message): recordInTickets for one. */
export const recordInTicket = (
  tx: HookedTx,
  deps: RecordDeps,
  c: CampaignRow,
  connection: ConnectionRow,
  to: { number: string; name: string },
  parts: SentPart[],
) => recordInTickets(tx, deps, c, connection, [{ to, parts }]);
