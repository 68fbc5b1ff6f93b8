import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  contactExtraInfo,
  contactMerges,
  contacts,
  contactTags,
  contactWallets,
  connections,
  messages,
  schedules,
  ticketLogs,
  ticketNotes,
  tickets,
} from '../../db/schema';
import { makeContact, makeTag, tagContact } from '../../test/contacts';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

/** A company with an admin, two contacts of one person, a connection, and tickets on both. */
async function pair() {
  const db = t.database.db;
  const admin = await t.factory.admin();
  const companyId = admin.companyId;
  const kept = await makeContact(db, companyId, { name: 'Maria (celular)' });
  const from = await makeContact(db, companyId, { name: 'Maria (trabalho)', email: 'maria@empresa.com' });
  const [conn] = await db
    .insert(connections)
    .values({
      companyId,
      name: `Conn ${randomBytes(3).toString('hex')}`,
      provider: 'simulator',
      status: 'CONNECTED',
      token: randomBytes(15).toString('hex'),
    })
    .returning();
  const ticket = async (contactId: number, status: 'open' | 'pending' | 'closed', connectionId: number | null = conn.id) =>
    (await db.insert(tickets).values({ companyId, contactId, connectionId, status }).returning())[0];
  const message = async (ticketId: number, contactId: number, body: string) =>
    (await db.insert(messages).values({ companyId, ticketId, contactId, body }).returning())[0];
  return { db, admin, companyId, kept, from, conn, ticket, message, api: await t.as(admin) };
}

const contactIdsOf = async (ids: number[]) =>
  (
    await t.database.db
      .select({ id: tickets.id, contactId: tickets.contactId, status: tickets.status })
      .from(tickets)
      .where(inArray(tickets.id, ids))
  ).sort((a, b) => a.id - b.id);

describe('merging two contacts', () => {
  test('moves tickets with their messages, notes, schedules, tags, extra info and wallet; the log keeps the merged contact', async () => {
    const { db, admin, companyId, kept, from, ticket, message, api } = await pair();
    const closedOld = await ticket(from.id, 'closed');
    const pendingOther = await ticket(from.id, 'pending', null);
    const msg = await message(closedOld.id, from.id, 'Olá, é a Maria');
    const [note] = await db
      .insert(ticketNotes)
      .values({ companyId, ticketId: closedOld.id, contactId: from.id, note: 'cliente antiga' })
      .returning();
    const [schedule] = await db
      .insert(schedules)
      .values({
        companyId,
        contactId: from.id,
        body: 'lembrete',
        sendAt: new Date(Date.now() + 86_400_000),
        firstSendAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const shared = await makeTag(db, companyId);
    const own = await makeTag(db, companyId);
    await tagContact(db, kept.id, shared.id);
    await tagContact(db, from.id, shared.id);
    await tagContact(db, from.id, own.id);
    await db.insert(contactExtraInfo).values({ contactId: from.id, name: 'CPF', value: '123' });
    const agent = await t.factory.user({ companyId });
    await db.insert(contactWallets).values({ companyId, contactId: from.id, userId: agent.id });

    const preview = await api.get(`/contacts/${kept.id}/merge/preview`, { fromContactId: String(from.id) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ tickets: 2, closedTickets: 0, schedules: 1, tags: 1, extraInfo: 1 });

    const res = await api.post(`/contacts/${kept.id}/merge`, { fromContactId: from.id });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ keptContactId: kept.id, mergedContactId: from.id, undoneAt: null });
    expect(view.moved).toEqual({ tickets: 2, closedTickets: 0, schedules: 1, tags: 1, extraInfo: 1 });

    expect((await contactIdsOf([closedOld.id, pendingOther.id])).map((r) => r.contactId)).toEqual([kept.id, kept.id]);
    expect((await db.select().from(messages).where(eq(messages.id, msg.id)))[0]).toMatchObject({
      ticketId: closedOld.id,
      contactId: kept.id,
    });
    expect((await db.select().from(ticketNotes).where(eq(ticketNotes.id, note.id)))[0].contactId).toBe(kept.id);
    expect((await db.select().from(schedules).where(eq(schedules.id, schedule.id)))[0].contactId).toBe(kept.id);
    expect((await db.select().from(contactTags).where(eq(contactTags.contactId, kept.id))).map((r) => r.tagId).sort()).toEqual(
      [shared.id, own.id].sort(),
    );
    expect((await db.select().from(contactWallets).where(eq(contactWallets.contactId, kept.id))).map((w) => w.userId)).toEqual([agent.id]);
    expect(await db.select().from(contacts).where(eq(contacts.id, from.id))).toEqual([]);

    const [log] = await db.select().from(contactMerges).where(eq(contactMerges.id, view.id));
    expect(log).toMatchObject({ companyId, keptContactId: kept.id, mergedContactId: from.id, userId: admin.id });
    expect(log.snapshot.contact).toMatchObject({ id: from.id, name: 'Maria (trabalho)', email: 'maria@empresa.com', number: from.number });

    const keptContact = await api.get(`/contacts/${kept.id}`);
    expect(keptContact.json().tags).toHaveLength(2);
    const events = t.sent.filter((e) => e.event === `company-${companyId}-contact`).map((e) => e.payload as { action: string });
    expect(events).toContainEqual({ action: 'delete', contactId: from.id });
    expect(events).toContainEqual(expect.objectContaining({ action: 'update', contact: expect.objectContaining({ id: kept.id }) }));
  });

  test("the open-ticket rule: the kept contact's open ticket stays, the merged one's on the same connection is closed and logged", async () => {
    const { db, kept, from, ticket, api } = await pair();
    const keptOpen = await ticket(kept.id, 'open');
    const fromPending = await ticket(from.id, 'pending');
    const fromElsewhere = await ticket(from.id, 'open', null);
    expect((await api.get(`/contacts/${kept.id}/merge/preview`, { fromContactId: String(from.id) })).json().closedTickets).toBe(1);

    const res = await api.post(`/contacts/${kept.id}/merge`, { fromContactId: from.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().moved.closedTickets).toBe(1);
    expect(await contactIdsOf([keptOpen.id, fromPending.id, fromElsewhere.id])).toEqual([
      { id: keptOpen.id, contactId: kept.id, status: 'open' },
      { id: fromPending.id, contactId: kept.id, status: 'closed' },
      { id: fromElsewhere.id, contactId: kept.id, status: 'open' },
    ]);
    expect((await db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, fromPending.id))).map((l) => l.type)).toContain('closed');

    // Undo gives the closed ticket its status back on the restored contact.
    const undo = await api.post(`/contacts/merges/${res.json().id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await contactIdsOf([keptOpen.id, fromPending.id, fromElsewhere.id])).toEqual([
      { id: keptOpen.id, contactId: kept.id, status: 'open' },
      { id: fromPending.id, contactId: from.id, status: 'pending' },
      { id: fromElsewhere.id, contactId: from.id, status: 'open' },
    ]);
  });

  test('undo restores the merged contact and moves back exactly what moved; a second undo is refused', async () => {
    const { db, companyId, kept, from, ticket, message, api } = await pair();
    const keptTicket = await ticket(kept.id, 'closed');
    const fromTicket = await ticket(from.id, 'closed');
    const msg = await message(fromTicket.id, from.id, 'oi');
    const tag = await makeTag(db, companyId);
    await tagContact(db, from.id, tag.id);
    await tagContact(db, kept.id, tag.id);
    const [info] = await db.insert(contactExtraInfo).values({ contactId: from.id, name: 'Empresa', value: 'ACME' }).returning();

    const merge = (await api.post(`/contacts/${kept.id}/merge`, { fromContactId: from.id })).json();
    // A ticket the kept contact gets after the merge stays with it.
    const later = await ticket(kept.id, 'pending');
    const res = await api.post(`/contacts/merges/${merge.id}/undo`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().undoneAt).not.toBeNull();

    const [restored] = await db.select().from(contacts).where(eq(contacts.id, from.id));
    expect(restored).toMatchObject({ name: from.name, number: from.number, email: from.email, createdAt: from.createdAt });
    expect((await contactIdsOf([keptTicket.id, fromTicket.id, later.id])).map((r) => r.contactId)).toEqual([kept.id, from.id, kept.id]);
    expect((await db.select().from(messages).where(eq(messages.id, msg.id)))[0].contactId).toBe(from.id);
    expect((await db.select().from(contactExtraInfo).where(eq(contactExtraInfo.id, info.id)))[0].contactId).toBe(from.id);
    // The tag both had is on both again.
    expect(await db.select().from(contactTags).where(eq(contactTags.tagId, tag.id))).toHaveLength(2);
    const events = t.sent.filter((e) => e.event === `company-${companyId}-contact`).map((e) => e.payload);
    expect(events).toContainEqual(expect.objectContaining({ action: 'create', contact: expect.objectContaining({ id: from.id }) }));

    const again = await api.post(`/contacts/merges/${merge.id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('ERR_CONTACT_MERGE_UNDONE');
  });

  test('undo is refused when a moved ticket was deleted, or the merged number was taken again', async () => {
    const { db, kept, from, ticket, api } = await pair();
    const fromTicket = await ticket(from.id, 'closed');
    const merge = (await api.post(`/contacts/${kept.id}/merge`, { fromContactId: from.id })).json();
    await db.delete(tickets).where(eq(tickets.id, fromTicket.id));
    const res = await api.post(`/contacts/merges/${merge.id}/undo`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('ERR_CONTACT_MERGE_UNDO_CONFLICT');

    const other = await pair();
    const merge2 = (await other.api.post(`/contacts/${other.kept.id}/merge`, { fromContactId: other.from.id })).json();
    await makeContact(db, other.companyId, { number: other.from.number });
    const res2 = await other.api.post(`/contacts/merges/${merge2.id}/undo`);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().error).toBe('ERR_CONTACT_MERGE_UNDO_CONFLICT');
    expect((await db.select().from(contactMerges).where(eq(contactMerges.id, merge2.id)))[0].undoneAt).toBeNull();
  });

  test('a merge into a contact that was itself kept by an earlier merge keeps the earlier one undoable', async () => {
    const { db, companyId, kept, from, ticket, api } = await pair();
    const third = await makeContact(db, companyId);
    const thirdTicket = await ticket(third.id, 'closed');
    const first = (await api.post(`/contacts/${from.id}/merge`, { fromContactId: third.id })).json();
    const second = (await api.post(`/contacts/${kept.id}/merge`, { fromContactId: from.id })).json();
    expect((await contactIdsOf([thirdTicket.id]))[0].contactId).toBe(kept.id);
    // Undone newest first, each puts back its own step.
    expect((await api.post(`/contacts/merges/${second.id}/undo`)).statusCode).toBe(200);
    expect((await contactIdsOf([thirdTicket.id]))[0].contactId).toBe(from.id);
    expect((await api.post(`/contacts/merges/${first.id}/undo`)).statusCode).toBe(200);
    expect((await contactIdsOf([thirdTicket.id]))[0].contactId).toBe(third.id);
    expect(
      await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(inArray(contacts.id, [kept.id, from.id, third.id])),
    ).toHaveLength(3);
  });
});

describe('merge: bad input, permissions and isolation', () => {
  test('a contact merged with itself is a 400 with a clear code', async () => {
    const { kept, api } = await pair();
    const res = await api.post(`/contacts/${kept.id}/merge`, { fromContactId: kept.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_CONTACT_MERGE_SELF');
    expect((await api.get(`/contacts/${kept.id}/merge/preview`, { fromContactId: String(kept.id) })).statusCode).toBe(400);
    const missing = await api.post(`/contacts/${kept.id}/merge`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('ERR_VALIDATION');
  });

  test('a user profile gets 403 on preview, merge and undo', async () => {
    const { db, companyId, kept, from, api } = await pair();
    const agent = await (await t.as(await t.factory.user({ companyId }))).post(`/contacts/${kept.id}/merge`, { fromContactId: from.id });
    expect(agent.statusCode).toBe(403);
    const asAgent = await t.as(await t.factory.user({ companyId }));
    expect((await asAgent.get(`/contacts/${kept.id}/merge/preview`, { fromContactId: String(from.id) })).statusCode).toBe(403);
    const merge = (await api.post(`/contacts/${kept.id}/merge`, { fromContactId: from.id })).json();
    expect((await asAgent.post(`/contacts/merges/${merge.id}/undo`)).statusCode).toBe(403);
    expect((await db.select().from(contactMerges).where(eq(contactMerges.id, merge.id)))[0].undoneAt).toBeNull();
  });

  test("another company's contact on either side, or its merge, is a 404 and nothing moves", async () => {
    const mine = await pair();
    const theirs = await pair();
    const theirTicket = await theirs.ticket(theirs.from.id, 'closed');
    for (const [keptId, fromId] of [
      [mine.kept.id, theirs.from.id],
      [theirs.kept.id, mine.from.id],
      [theirs.kept.id, theirs.from.id],
    ]) {
      const res = await mine.api.post(`/contacts/${keptId}/merge`, { fromContactId: fromId });
      expect(res.statusCode, `${keptId}<-${fromId}`).toBe(404);
      expect(res.json().error).toBe('ERR_NO_CONTACT_FOUND');
      expect((await mine.api.get(`/contacts/${keptId}/merge/preview`, { fromContactId: String(fromId) })).statusCode).toBe(404);
    }
    expect((await contactIdsOf([theirTicket.id]))[0].contactId).toBe(theirs.from.id);
    const merge = (await theirs.api.post(`/contacts/${theirs.kept.id}/merge`, { fromContactId: theirs.from.id })).json();
    expect((await mine.api.post(`/contacts/merges/${merge.id}/undo`)).statusCode).toBe(404);
  });
});
