import { and, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messages, type TicketRow } from '../../db/schema';
import { AppError } from '../../http/errors';

/** Channels where Meta lets a business answer only within 24 h of the customer's last message. */
const WINDOW_CHANNELS: ReadonlySet<string> = new Set(['whatsappapi', 'facebook', 'instagram']);
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60_000;

type WindowTicket = Pick<TicketRow, 'channel' | 'connectionId' | 'contactId'>;

/** When the customer last wrote on this connection, or null. */
async function lastCustomerMessageAt(db: DbOrTx, contactId: number, connectionId: number): Promise<Date | null> {
  const [row] = await db
    .select({ last: max(messages.createdAt) })
    .from(messages)
    .where(and(eq(messages.contactId, contactId), eq(messages.connectionId, connectionId), eq(messages.fromMe, false)));
  return row?.last ? new Date(row.last) : null;
}

/**
 * The 24-hour customer-service window of the Meta channels: whether it applies to the ticket's
 * channel, whether it is open at `now`, and when it closes (or closed). On Cloud API an approved
 * template is the way back in once it closed (`templates`).
 */
export async function replyWindowOf(db: DbOrTx, ticket: WindowTicket, now: Date) {
  const templates = ticket.channel === 'whatsappapi' && ticket.connectionId !== null;
  if (!WINDOW_CHANNELS.has(ticket.channel) || ticket.connectionId === null)
    return { applies: false, open: true, closesAt: null, templates };
  const last = await lastCustomerMessageAt(db, ticket.contactId, ticket.connectionId);
  const closesAt = last ? new Date(last.getTime() + CUSTOMER_WINDOW_MS) : null;
  return {
    applies: true,
    open: closesAt !== null && closesAt.getTime() >= now.getTime(),
    closesAt: closesAt?.toISOString() ?? null,
    templates,
  };
}

/**
 * An agent's reply (text, file, interactive) after the window closed would be refused by Meta
 * anyway, hours later in a job; refusing it here tells the agent at once (ERR_CUSTOMER_WINDOW_CLOSED).
 * Private notes never leave the product and are not checked; approved templates are the way back in.
 */
export async function assertCustomerWindow(db: DbOrTx, ticket: WindowTicket, now = new Date()): Promise<void> {
  const window = await replyWindowOf(db, ticket, now);
  if (!window.open) throw new AppError('ERR_CUSTOMER_WINDOW_CLOSED', 400);
}
