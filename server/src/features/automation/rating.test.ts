import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { contacts, ticketTrackings, tickets, userRatings } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { parseRating } from './rating';
import { botConnection, customer, setSettings } from './testing';

const t = useTestApp();
afterEach(() => {
  t.clock.reset();
  expect(t.jobs.errors).toEqual([]);
});

test('a rating is a whole number from 0 to 10', () => {
  expect(['0', ' 7 ', '10'].map(parseRating)).toEqual([0, 7, 10]);
  expect(['11', '-1', '7.5', 'dez', '', '1 0'].map(parseRating)).toEqual([null, null, null, null, null, null]);
});

/** A conversation an agent attended and resolved with the rating request (userRating on). */
async function resolvedWithRating() {
  const admin = await t.factory.admin();
  await setSettings(t, admin.companyId, { userRating: 'enabled' });
  const conn = await botConnection(t, admin, [], {
    greetingMessage: '',
    complationMessage: 'Até logo!',
    ratingMessage: 'Dê uma nota de 0 a 10 para o atendimento',
    // With ratings on, the dialog's rule wants an NPS expiry with the message (errorExpiresNPS).
    expiresTicketNPS: 60,
    maxUseBotQueuesNPS: 2,
  });
  const person = customer(t, conn);
  await person.write('preciso de ajuda');
  const ticket = await person.ticket();
  const agent = await t.as(admin);
  expect((await agent.put(`/tickets/${ticket.id}`, { status: 'open', userId: admin.id })).statusCode).toBe(200);
  expect((await agent.put(`/tickets/${ticket.id}`, { status: 'closed', ratingId: conn.id })).statusCode).toBe(200);
  await t.jobs.drain();
  // The farewell and the rating request are two messages of the resolve, sent side by side.
  expect((await person.received()).sort()).toEqual(['Até logo!', 'Dê uma nota de 0 a 10 para o atendimento']);
  return { admin, conn, person, ticket };
}

async function ticketsOf(number: string) {
  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.number, number));
  return t.database.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
}

test("the customer's 0-10 answer is stored as the attendance's rating, thanked, and opens no ticket", async () => {
  const { admin, person, ticket } = await resolvedWithRating();
  expect(await person.write('9')).toEqual(['Obrigado pela sua avaliação!']);
  expect(await t.database.db.select().from(userRatings).where(eq(userRatings.ticketId, ticket.id))).toMatchObject([
    { rate: 9, userId: admin.id, companyId: admin.companyId },
  ]);
  const all = await ticketsOf(person.number);
  expect(all).toHaveLength(1);
  expect(all[0]).toMatchObject({ id: ticket.id, status: 'closed' });
  const [tracking] = await t.database.db.select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id));
  expect(tracking.rated).toBe(true);
  // Rated: the next message is a new conversation.
  await person.write('oi de novo');
  expect(await ticketsOf(person.number)).toHaveLength(2);
});

test('an answer that is not a rating is asked again, up to maxUseBotQueuesNPS tries; then it is a new conversation', async () => {
  const { person, ticket } = await resolvedWithRating();
  expect(await person.write('foi ótimo')).toEqual([
    'Por favor, responda com uma nota de 0 a 10.\n\nDê uma nota de 0 a 10 para o atendimento',
  ]);
  expect(await person.write('muito bom')).toHaveLength(1);
  expect(await ticketsOf(person.number)).toHaveLength(1);
  await person.write('8');
  expect(await ticketsOf(person.number)).toHaveLength(2);
  expect(await t.database.db.select().from(userRatings).where(eq(userRatings.ticketId, ticket.id))).toEqual([]);
});

test('after expiresTicketNPS minutes an answer is a new conversation', async () => {
  const { person, ticket } = await resolvedWithRating();
  t.clock.set(new Date(Date.now() + 61 * 60_000));
  await person.write('10');
  expect(await ticketsOf(person.number)).toHaveLength(2);
  expect(await t.database.db.select().from(userRatings).where(eq(userRatings.ticketId, ticket.id))).toEqual([]);
});
