// A Cloud API connection is saved only for a phone number id Meta says its token may use (issue 30):
// nobody can take another business's number, and so its customers' messages, by registering it first.
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { connections, messages } from '../../db/schema';
import { graphError, ownCloudNumber, useFakeGraph } from '../../test/fake-graph';
import { useTestApp } from '../../test/harness';
import { customerNumber } from '../../test/simulator';
import { accountId, cloudMessage, postWebhook } from './testing';

const graph = useFakeGraph();
const t = useTestApp({ meta: graph.meta });

/** A number of a business on Meta and the system-user token it gave its own company. */
function businessNumber() {
  const number = { facebookPageUserId: accountId(), tokenMeta: `EAAG-owner-${accountId()}` };
  ownCloudNumber(graph.fake, number.facebookPageUserId, number.tokenMeta);
  return number;
}
/** A valid token of another business on Meta (it owns a number of its own). */
function otherBusinessToken() {
  return businessNumber().tokenMeta;
}
const cloud = (name: string, account: { facebookPageUserId: string; tokenMeta: string }) => ({ name, channel: 'whatsappapi', ...account });
const storedWith = (phoneNumberId: string) =>
  t.database.db.select().from(connections).where(eq(connections.facebookPageUserId, phoneNumberId));

test('a token Meta does not let see the number is refused, nothing is stored, and the number stays free for its owner', async () => {
  const real = businessNumber();
  const squatter = await t.as(await t.factory.admin());
  const taken = await squatter.post('/whatsapp', cloud('Número alheio', { ...real, tokenMeta: otherBusinessToken() }));
  expect(taken.statusCode, taken.body).toBe(400);
  expect(taken.json().error).toBe('ERR_META_NUMBER_NOT_OWNED');
  const invalid = await squatter.post('/whatsapp', cloud('Token inventado', { ...real, tokenMeta: 'EAAG-made-up' }));
  expect(invalid.json().error).toBe('ERR_META_NUMBER_NOT_OWNED');
  expect(await storedWith(real.facebookPageUserId)).toEqual([]);

  // Meta was asked for the number, with the token typed in, as documented.
  const asked = graph.fake.callsTo('GET', `/${real.facebookPageUserId}`).at(-1);
  expect(asked).toMatchObject({ token: 'EAAG-made-up', query: { fields: 'display_phone_number,verified_name' } });

  const ownerAdmin = await t.factory.admin();
  const owner = await t.as(ownerAdmin);
  const created = await owner.post('/whatsapp', cloud('Número próprio', real));
  expect(created.statusCode, created.body).toBe(200);
  const body = cloudMessage(real.facebookPageUserId, customerNumber(), 'Ana', { type: 'text', text: { body: 'Olá, dona do número' } });
  expect((await postWebhook(t, body)).statusCode).toBe(200);
  const [landed] = await t.database.db
    .select({ companyId: messages.companyId })
    .from(messages)
    .where(and(eq(messages.connectionId, created.json().id), eq(messages.body, 'Olá, dona do número')));
  expect(landed).toEqual({ companyId: ownerAdmin.companyId });
});

test('an edit is checked whenever the id or the token changes, against the pair it would store', async () => {
  const mine = businessNumber();
  const someoneElses = businessNumber();
  const api = await t.as(await t.factory.admin());
  const conn = (await api.post('/whatsapp', cloud('Minha', mine))).json();

  const movedToTheirs = await api.put(`/whatsapp/${conn.id}`, { facebookPageUserId: someoneElses.facebookPageUserId });
  expect(movedToTheirs.statusCode).toBe(400);
  expect(movedToTheirs.json().error).toBe('ERR_META_NUMBER_NOT_OWNED');
  const foreignToken = await api.put(`/whatsapp/${conn.id}`, { tokenMeta: someoneElses.tokenMeta });
  expect(foreignToken.json().error).toBe('ERR_META_NUMBER_NOT_OWNED');
  const [unchanged] = await storedWith(mine.facebookPageUserId);
  expect(unchanged).toMatchObject({ id: conn.id, tokenMeta: mine.tokenMeta });

  // A renewed token of the same business is accepted; an edit touching neither asks Meta nothing.
  const renewed = `EAAG-renewed-${accountId()}`;
  ownCloudNumber(graph.fake, mine.facebookPageUserId, renewed);
  expect((await api.put(`/whatsapp/${conn.id}`, { tokenMeta: renewed })).statusCode).toBe(200);
  const calls = graph.fake.calls.length;
  expect((await api.put(`/whatsapp/${conn.id}`, { name: 'Minha renomeada', tokenMeta: '' })).statusCode).toBe(200);
  expect(graph.fake.calls.length).toBe(calls);
  const [after] = await storedWith(mine.facebookPageUserId);
  expect(after).toMatchObject({ name: 'Minha renomeada', tokenMeta: renewed });
});

test('Meta unreachable: the save is refused with ERR_META_UNREACHABLE and nothing is stored', async () => {
  const down = { facebookPageUserId: accountId(), tokenMeta: 'EAAG-any' };
  graph.fake.on('GET', `/${down.facebookPageUserId}`, () => graphError(503, 2, 'Service temporarily unavailable'));
  const api = await t.as(await t.factory.admin());
  const res = await api.post('/whatsapp', cloud('Meta fora do ar', down));
  expect(res.statusCode).toBe(502);
  expect(res.json().error).toBe('ERR_META_UNREACHABLE');
  expect(await storedWith(down.facebookPageUserId)).toEqual([]);
});
