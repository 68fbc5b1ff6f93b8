// The connection dialog's Cloud API connections (POST/PUT /whatsapp with channel whatsappapi), through
// to a signed webhook for the stored phone number id.
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { connections, messages } from '../../db/schema';
import { ownCloudNumber, serveMessageTemplates, useFakeGraph } from '../../test/fake-graph';
import { useTestApp } from '../../test/harness';
import { customerNumber } from '../../test/simulator';
import { accountId, cloudMessage, postWebhook } from './testing';

const graph = useFakeGraph();
const t = useTestApp({ meta: graph.meta });

/** Meta lets `token` use the number (the fake Graph answers GET /{phone-number-id} to it). */
const owned = (phoneNumberId: string, token: string) => {
  ownCloudNumber(graph.fake, phoneNumberId, token);
  return phoneNumberId;
};

/** The dialog's fields for a number of the business whose token is typed in (its account lists no templates yet). */
const cloudInput = (name: string) => {
  const tokenMeta = `EAAG-secret-${accountId()}`;
  const wabaId = accountId();
  serveMessageTemplates(graph.fake, wabaId, tokenMeta, []);
  return { name, channel: 'whatsappapi', facebookPageUserId: owned(accountId(), tokenMeta), wabaId, tokenMeta };
};

test('creates a Cloud API connection whose token is write-only, and an edit with an empty token keeps it', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const input = cloudInput('Cloud oficial');
  const created = await api.post('/whatsapp', input);
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json()).toMatchObject({
    channel: 'whatsappapi',
    provider: 'whatsappapi',
    facebookPageUserId: input.facebookPageUserId,
    wabaId: input.wabaId,
    hasToken: true,
  });
  const id = created.json().id;
  const edited = await api.put(`/whatsapp/${id}`, { name: 'Cloud renomeada', tokenMeta: '', wabaId: '' });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject({ name: 'Cloud renomeada', wabaId: '', hasToken: true });
  const [row] = await t.database.db.select().from(connections).where(eq(connections.id, id));
  expect(row).toMatchObject({ tokenMeta: input.tokenMeta, channel: 'whatsappapi', companyId: admin.companyId });

  // No answer (create, edit, read, list) nor realtime event carries the secret.
  for (const res of [created, edited, await api.get(`/whatsapp/${id}`), await api.get('/whatsapp')]) {
    expect(res.body).not.toContain(input.tokenMeta);
  }
  expect(JSON.stringify(t.sent)).not.toContain(input.tokenMeta);

  owned(input.facebookPageUserId, 'EAAG-new-token');
  const replaced = await api.put(`/whatsapp/${id}`, { tokenMeta: 'EAAG-new-token' });
  expect(replaced.statusCode, replaced.body).toBe(200);
  const [after] = await t.database.db.select().from(connections).where(eq(connections.id, id));
  expect(after.tokenMeta).toBe('EAAG-new-token');
});

test('the phone number id and token are required on create; the id cannot be cleared on edit', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const missing = await api.post('/whatsapp', { name: 'Sem dados', channel: 'whatsappapi' });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().fields).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ field: 'facebookPageUserId', key: 'validation.required' }),
      expect.objectContaining({ field: 'tokenMeta', key: 'validation.required' }),
    ]),
  );
  const letters = await api.post('/whatsapp', { ...cloudInput('Letras'), facebookPageUserId: 'abc' });
  expect(letters.statusCode).toBe(400);
  const created = (await api.post('/whatsapp', cloudInput('Com dados'))).json();
  const cleared = await api.put(`/whatsapp/${created.id}`, { facebookPageUserId: '' });
  expect(cleared.statusCode).toBe(400);
  expect(cleared.json().fields).toEqual([expect.objectContaining({ field: 'facebookPageUserId', key: 'validation.required' })]);
});

test('a phone number id already connected (in any company) is refused with ERR_META_ACCOUNT_IN_USE', async () => {
  const first = await t.as(await t.factory.admin());
  const input = cloudInput('Primeira');
  expect((await first.post('/whatsapp', input)).statusCode).toBe(200);
  // Another company whose token Meta also lets use the number (the same business's second system user).
  const other = await t.as(await t.factory.admin());
  const second = cloudInput('Segunda');
  owned(input.facebookPageUserId, second.tokenMeta);
  const dup = await other.post('/whatsapp', { ...second, facebookPageUserId: input.facebookPageUserId });
  expect(dup.statusCode).toBe(409);
  expect(dup.json().error).toBe('ERR_META_ACCOUNT_IN_USE');
  const third = cloudInput('Terceira');
  owned(input.facebookPageUserId, third.tokenMeta);
  const mine = (await other.post('/whatsapp', third)).json();
  const moved = await other.put(`/whatsapp/${mine.id}`, { facebookPageUserId: input.facebookPageUserId });
  expect(moved.statusCode).toBe(409);
  expect(moved.json().error).toBe('ERR_META_ACCOUNT_IN_USE');
});

test("another company's admin gets 404 editing it; a profile user gets 403 creating or editing", async () => {
  const admin = await t.factory.admin();
  const conn = (await (await t.as(admin)).post('/whatsapp', cloudInput('Da empresa'))).json();
  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.put(`/whatsapp/${conn.id}`, { tokenMeta: 'EAAG-stolen' })).statusCode).toBe(404);
  const user = await t.as(await t.factory.user({ companyId: admin.companyId }));
  expect((await user.post('/whatsapp', cloudInput('Do usuário'))).statusCode).toBe(403);
  expect((await user.put(`/whatsapp/${conn.id}`, { tokenMeta: 'EAAG-user' })).statusCode).toBe(403);
  const [row] = await t.database.db.select().from(connections).where(eq(connections.id, conn.id));
  expect(row.tokenMeta).not.toMatch(/stolen|user/);
});

test('a signed webhook for the created connection lands the message on it', async () => {
  const admin = await t.factory.admin();
  const input = cloudInput('Ponta a ponta');
  const conn = (await (await t.as(admin)).post('/whatsapp', input)).json();
  const body = cloudMessage(input.facebookPageUserId, customerNumber(), 'Ana', { type: 'text', text: { body: 'Olá pela API oficial' } });
  expect((await postWebhook(t, body)).statusCode).toBe(200);
  const stored = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.connectionId, conn.id), eq(messages.body, 'Olá pela API oficial')));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ fromMe: false, companyId: admin.companyId });
});

test('webhooks follow a phone number id moved to another connection, and stop at a deleted one', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  // One business's two connections, both with a token of it: either may hold either number.
  const first = cloudInput('Primeira');
  const second = { ...cloudInput('Segunda'), tokenMeta: first.tokenMeta };
  owned(second.facebookPageUserId, first.tokenMeta);
  const a = (await api.post('/whatsapp', first)).json();
  const b = (await api.post('/whatsapp', second)).json();
  const deliver = async (body: string) => {
    const message = cloudMessage(first.facebookPageUserId, customerNumber(), 'Ana', { type: 'text', text: { body } });
    expect((await postWebhook(t, message)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ connectionId: messages.connectionId }).from(messages).where(eq(messages.body, body));
    return row?.connectionId ?? null;
  };
  expect(await deliver('antes da troca')).toBe(a.id);

  // The number moves from the first connection to the second: its next delivery lands on the second.
  expect((await api.put(`/whatsapp/${a.id}`, { facebookPageUserId: owned(accountId(), first.tokenMeta) })).statusCode).toBe(200);
  expect((await api.put(`/whatsapp/${b.id}`, { facebookPageUserId: first.facebookPageUserId })).statusCode).toBe(200);
  expect(await deliver('depois da troca')).toBe(b.id);

  // Its connection deleted, the number's deliveries are acknowledged and stored nowhere.
  expect((await api.delete(`/whatsapp/${b.id}`)).statusCode).toBe(200);
  expect(await deliver('depois de apagar')).toBeNull();
});
