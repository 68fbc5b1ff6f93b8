import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import {
  type ConnectionRow,
  connections,
  type ContactRow,
  contacts,
  type MessageRow,
  messages,
  type TagRow,
  tags,
  type TicketRow,
  ticketTags,
  tickets,
  userRatings,
} from '../../db/schema';
import { setCompanySetting } from '../settings/service';

const unique = () => randomBytes(5).toString('hex');
let phone = 0;
const nextNumber = () => `55119${String(Date.now() % 1e7).padStart(7, '0')}${String(phone++ % 1000).padStart(3, '0')}`;

/**
 * Rows of the inbox inserted directly, so ticket tests do not depend on the inbound pipeline.
 * Each call makes fresh rows in the given company.
 */
export function ticketFactory(db: Db) {
  const f = {
    async connection(companyId: number, overrides: Partial<typeof connections.$inferInsert> = {}): Promise<ConnectionRow> {
      const [row] = await db
        .insert(connections)
        .values({
          companyId,
          name: `Conn ${unique()}`,
          provider: 'simulator',
          status: 'CONNECTED',
          token: randomBytes(15).toString('hex'),
          ...overrides,
        })
        .returning();
      return row;
    },
    async contact(companyId: number, overrides: Partial<typeof contacts.$inferInsert> = {}): Promise<ContactRow> {
      const [row] = await db
        .insert(contacts)
        .values({ companyId, name: `Contact ${unique()}`, number: nextNumber(), ...overrides })
        .returning();
      return row;
    },
    /** A ticket (pending by default) with a fresh contact and connection unless given. */
    async ticket(companyId: number, overrides: Partial<typeof tickets.$inferInsert> = {}): Promise<TicketRow> {
      const contactId = overrides.contactId ?? (await f.contact(companyId, { isGroup: overrides.isGroup ?? false })).id;
      const connectionId = overrides.connectionId === undefined ? (await f.connection(companyId)).id : overrides.connectionId;
      const [row] = await db
        .insert(tickets)
        .values({ companyId, status: 'pending', ...overrides, contactId, connectionId })
        .returning();
      return row;
    },
    async message(ticket: TicketRow, overrides: Partial<typeof messages.$inferInsert> = {}): Promise<MessageRow> {
      const [row] = await db
        .insert(messages)
        .values({
          companyId: ticket.companyId,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          connectionId: ticket.connectionId,
          externalId: unique(),
          body: 'hello',
          ...overrides,
        })
        .returning();
      return row;
    },
    async tag(companyId: number, overrides: Partial<typeof tags.$inferInsert> = {}): Promise<TagRow> {
      const [row] = await db
        .insert(tags)
        .values({ companyId, name: `Tag ${unique()}`, color: '#123456', ...overrides })
        .returning();
      return row;
    },
    async tagTicket(ticketId: number, tagId: number) {
      await db.insert(ticketTags).values({ ticketId, tagId });
    },
    async rating(ticket: TicketRow, rate: number, createdAt = new Date()) {
      await db.insert(userRatings).values({ companyId: ticket.companyId, ticketId: ticket.id, userId: ticket.userId, rate, createdAt });
    },
    setting: (companyId: number, key: string, value: string) => setCompanySetting(db, companyId, key, value),
  };
  return f;
}
