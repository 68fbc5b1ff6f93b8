import { and, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { messages } from '../../db/schema';

// The newest message of a ticket is max(id) over the ticket's own messages (messages_ticket_idx). Not
// `order by id desc limit 1`: PostgreSQL walks the primary key backwards through every newer message
// of every ticket for that, slower with each message stored (bench/results/code-figures.md). The GROUP BY keeps it from turning max() into that same walk.

const newestStatement = preparedStatement((db) =>
  db
    .select({ id: max(messages.id) })
    .from(messages)
    .where(eq(messages.ticketId, sql.placeholder('ticketId')))
    .groupBy(messages.ticketId)
    .prepare('messages_newest_of_ticket'),
);

const newestFromCustomerStatement = preparedStatement((db) =>
  db
    .select({ id: max(messages.id) })
    .from(messages)
    .where(and(eq(messages.ticketId, sql.placeholder('ticketId')), eq(messages.fromMe, false)))
    .groupBy(messages.ticketId)
    .prepare('messages_newest_customer_of_ticket'),
);

/** The id of the ticket's newest message (only the customer's with `fromCustomer`), or null when it has none. */
export async function newestMessageId(db: DbOrTx, ticketId: number, { fromCustomer = false } = {}): Promise<number | null> {
  const statement = fromCustomer ? newestFromCustomerStatement : newestStatement;
  const [row] = await statement(db).execute({ ticketId });
  return row?.id ?? null;
}
