import { and, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messages, type TicketRow } from '../../db/schema';
import { AppError } from '../../http/errors';

/** Channels where Meta lets a business answer only within 24 h of the customer's last message. */
const WINDOW_CHANNELS: ReadonlySet<string> = new Set(['whatsappapi', 'facebook', 'instagram']);
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60_000;

/**
 * The 24-hour customer-service window of the Meta channels: an agent's reply (text, file,
 * interactive) after it closed would be refused by Meta anyway, hours later in a job; refusing it
 * here tells the agent at once (ERR_CUSTOMER_WINDOW_CLOSED). Private notes never leave the product
 * and are not checked; approved templates (sent by automations) are the way back in.
 */
export async function assertCustomerWindow(db: DbOrTx, ticket: TicketRow, now = new Date()): Promise<void> {
  if (!WINDOW_CHANNELS.has(ticket.channel) || ticket.connectionId === null) return;
  const [row] = await db
    .select({ last: max(messages.createdAt) })
    .from(messages)
    .where(and(eq(messages.contactId, ticket.contactId), eq(messages.connectionId, ticket.connectionId), eq(messages.fromMe, false)));
  const last = row?.last ? new Date(row.last) : null;
  if (!last || now.getTime() - last.getTime() > CUSTOMER_WINDOW_MS) throw new AppError('ERR_CUSTOMER_WINDOW_CLOSED', 400);
}
