import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { contacts, messages, tickets } from '../../db/schema';
import { useFakeGraph } from '../../test/fake-graph';
import { useTestApp } from '../../test/harness';
import { customerNumber } from '../../test/simulator';
import { cloudDelivery, metaConnection, postWebhook } from './testing';

const graph = useFakeGraph();
const t = useTestApp({ meta: graph.meta });

/**
 * Meta names a WhatsApp user by a business-scoped user id (BSUID) as well as by phone number, and a
 * user with a username may come with the id only (issue 32 "One person, one contact"). Such a sender
 * is kept under the BSUID; once a message brings the number with it, that contact becomes the number's.
 */
test('a sender known only by BSUID, then by BSUID and number, then by number: one contact, one open ticket', async () => {
  const admin = await t.factory.admin();
  const conn = await metaConnection(t, admin);
  const bsuid = `BR.${Date.now()}${randomBytes(3).readUIntBE(0, 3)}`;
  const number = customerNumber();
  const deliver = async (sender: { from?: string; from_user_id?: string }, contact: { wa_id?: string; user_id?: string }, body: string) => {
    const id = `wamid.IN${randomBytes(8).toString('hex')}`;
    const delivery = cloudDelivery(conn.facebookPageUserId, {
      contacts: [{ profile: { name: 'Bia' }, ...contact }],
      messages: [{ ...sender, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } }],
    });
    expect((await postWebhook(t, delivery)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.connectionId, conn.id), eq(messages.externalId, id)));
    return row;
  };

  const first = await deliver({ from_user_id: bsuid }, { user_id: bsuid }, 'oi, sem número');
  const [kept] = await t.database.db.select().from(contacts).where(eq(contacts.id, first.contactId!));
  // Kept as contact numbers are, by its digits.
  expect(kept).toMatchObject({ number: bsuid.replace(/\D/g, ''), name: 'Bia', channel: 'whatsappapi' });

  const second = await deliver({ from: number, from_user_id: bsuid }, { wa_id: number, user_id: bsuid }, 'agora com número');
  const third = await deliver({ from: number }, { wa_id: number }, 'só o número');
  const left = await t.database.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, admin.companyId), inArray(contacts.number, [bsuid.replace(/\D/g, ''), number])));
  expect(left.map((c) => c.number)).toEqual([number]);
  expect([first, second, third].map((m) => m.ticketId)).toEqual([first.ticketId, first.ticketId, first.ticketId]);
  const active = await t.database.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.contactId, left[0].id), inArray(tickets.status, ['open', 'pending'])));
  expect(active).toHaveLength(1);
});
