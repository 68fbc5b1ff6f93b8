import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

/** A company with an owner and two colleagues, each with a requester. */
async function team() {
  const owner = await t.factory.user();
  const mate = await t.factory.user({ companyId: owner.companyId });
  const outsider = await t.factory.user({ companyId: owner.companyId });
  return { owner, mate, outsider, ownerApi: await t.as(owner), mateApi: await t.as(mate), outsiderApi: await t.as(outsider) };
}

async function chatOf(api: Awaited<ReturnType<typeof t.as>>, users: { id: number }[], title = 'Equipe') {
  const res = await api.post('/chats', { title, users: users.map((u) => ({ id: u.id, name: 'x' })) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('POST /chats', () => {
  test('creates a chat owned by the caller with the chosen users, the owner among the members', async () => {
    const { owner, mate, ownerApi } = await team();
    const chat = await chatOf(ownerApi, [mate]);
    expect(chat).toMatchObject({ title: 'Equipe', ownerId: owner.id, lastMessage: '' });
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat.users.map((u: { userId: number }) => u.userId).sort()).toEqual([owner.id, mate.id].sort());
    expect(Object.keys(chat.users[0].user).sort()).toEqual(['id', 'name']); // no e-mail or profile of a member leaks
  });

  test('a chat with no other user is refused with the message (the owner alone, or nobody)', async () => {
    const { owner, ownerApi } = await team();
    const alone = await ownerApi.post('/chats', { title: 'Só eu', users: [owner.id] });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().fields).toEqual([{ field: 'users', key: 'validation.chatUsers', message: 'Selecione ao menos um outro usuário' }]);
    const nobody = await ownerApi.post('/chats', { title: 'Ninguém', users: [] });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().fields[0]).toMatchObject({ field: 'users', key: 'validation.chatUsers' });
  });

  test('a title is required (spec 3 §5), in the caller language', async () => {
    const { mate, ownerApi } = await team();
    const res = await ownerApi.inject({
      method: 'POST',
      url: '/chats',
      payload: { title: '  ', users: [mate.id] },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ field: 'title', message: 'Required' });
  });

  test('a user of another company cannot be added', async () => {
    const { ownerApi } = await team();
    const stranger = await t.factory.user();
    const res = await ownerApi.post('/chats', { title: 'Vazamento', users: [stranger.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ field: 'users', key: 'validation.invalid' });
  });

  test('a plan without internal chat refuses the routes', async () => {
    const plan = await t.factory.plan({ useInternalChat: false });
    const company = await t.factory.company({ planId: plan.id });
    const user = await t.factory.user({ companyId: company.id });
    const res = await (await t.as(user)).get('/chats');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});

describe('reading chats', () => {
  test('GET /chats lists only the chats the caller is in, newest activity first, searched by title', async () => {
    const { mate, outsider, ownerApi, mateApi, outsiderApi } = await team();
    const first = await chatOf(ownerApi, [mate], 'Vendas');
    const second = await chatOf(ownerApi, [mate, outsider], 'Suporte');
    expect((await mateApi.post(`/chats/${first.id}/messages`, { message: 'oi' })).statusCode).toBe(200);

    const mine = (await mateApi.get('/chats')).json();
    expect(mine.records.map((c: { id: number }) => c.id)).toEqual([first.id, second.id]);
    expect(mine).toMatchObject({ count: 2, hasMore: false });
    expect((await outsiderApi.get('/chats')).json().records.map((c: { id: number }) => c.id)).toEqual([second.id]);
    expect((await mateApi.get('/chats', { searchParam: 'sup' })).json().records.map((c: { id: number }) => c.id)).toEqual([second.id]);
  });

  test('GET /chats/:uuid answers members only: a colleague outside the chat and another company get 404', async () => {
    const { mate, ownerApi, mateApi, outsiderApi } = await team();
    const chat = await chatOf(ownerApi, [mate]);
    expect((await mateApi.get(`/chats/${chat.uuid}`)).json().id).toBe(chat.id);
    expect((await outsiderApi.get(`/chats/${chat.uuid}`)).statusCode).toBe(404);
    const stranger = await t.as(await t.factory.admin());
    expect((await stranger.get(`/chats/${chat.uuid}`)).statusCode).toBe(404);
    expect((await stranger.get(`/chats/${chat.id}/messages`)).statusCode).toBe(404);
    expect((await stranger.post(`/chats/${chat.id}/messages`, { message: 'intruso' })).statusCode).toBe(404);
    expect((await outsiderApi.post(`/chats/${chat.id}/messages`, { message: 'intruso' })).statusCode).toBe(404);
    expect((await outsiderApi.post(`/chats/${chat.id}/read`, {})).statusCode).toBe(404);
    expect((await mateApi.get('/chats/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('messages, unread counts and read', () => {
  test('a message counts unread for the other members, becomes the last message, and read clears the caller only', async () => {
    const { owner, mate, outsider, ownerApi, mateApi, outsiderApi } = await team();
    const chat = await chatOf(ownerApi, [mate, outsider]);
    expect((await ownerApi.post(`/chats/${chat.id}/messages`, { message: 'Reunião às 15h' })).json()).toMatchObject({
      chatId: chat.id,
      senderId: owner.id,
      sender: { id: owner.id, name: owner.name },
      message: 'Reunião às 15h',
    });
    await ownerApi.post(`/chats/${chat.id}/messages`, { message: 'Sala 2' });

    const unreadOf = async (api: typeof ownerApi) => (await api.get('/chats/unread')).json().unreads;
    expect([await unreadOf(ownerApi), await unreadOf(mateApi), await unreadOf(outsiderApi)]).toEqual([0, 2, 2]);
    const listed = (await mateApi.get('/chats')).json().records[0];
    expect(listed.lastMessage).toBe('Sala 2');

    const read = await mateApi.post(`/chats/${chat.id}/read`, { userId: outsider.id }); // the session decides whose count
    expect(read.statusCode).toBe(200);
    expect(read.json().users.find((u: { userId: number }) => u.userId === mate.id).unreads).toBe(0);
    expect([await unreadOf(mateApi), await unreadOf(outsiderApi)]).toEqual([0, 2]);
  });

  test('messages come newest first in pages, older ones on the next page', async () => {
    const { mate, ownerApi, mateApi } = await team();
    const chat = await chatOf(ownerApi, [mate]);
    for (let i = 1; i <= 35; i++) await ownerApi.post(`/chats/${chat.id}/messages`, { message: `m${i}` });
    const first = (await mateApi.get(`/chats/${chat.id}/messages`, { pageNumber: '1' })).json();
    expect(first).toMatchObject({ count: 35, hasMore: true });
    expect(first.records[0].message).toBe('m35');
    const second = (await mateApi.get(`/chats/${chat.id}/messages`, { pageNumber: '2' })).json();
    expect(second.hasMore).toBe(false);
    expect(second.records.map((m: { message: string }) => m.message)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
  });

  test('an empty message is not sent', async () => {
    const { mate, ownerApi } = await team();
    const chat = await chatOf(ownerApi, [mate]);
    const res = await ownerApi.post(`/chats/${chat.id}/messages`, { message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ field: 'message', message: 'Obrigatório' });
  });
});

describe('owner edit and delete', () => {
  test('the owner renames and changes members; a member who is not the owner gets 403', async () => {
    const { owner, mate, outsider, ownerApi, mateApi } = await team();
    const chat = await chatOf(ownerApi, [mate]);
    await ownerApi.post(`/chats/${chat.id}/messages`, { message: 'oi' });
    const edited = await ownerApi.put(`/chats/${chat.id}`, { title: 'Equipe B', users: [{ id: mate.id }, { id: outsider.id }] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().title).toBe('Equipe B');
    const members = edited.json().users.map((u: { userId: number; unreads: number }) => [u.userId, u.unreads]);
    expect(members.sort()).toEqual(
      [
        [owner.id, 0],
        [mate.id, 1],
        [outsider.id, 0],
      ].sort(),
    ); // mate keeps the unread count

    expect((await mateApi.put(`/chats/${chat.id}`, { title: 'Golpe', users: [owner.id] })).statusCode).toBe(403);
    expect((await mateApi.delete(`/chats/${chat.id}`)).statusCode).toBe(403);
    const stranger = await t.as(await t.factory.admin());
    expect((await stranger.put(`/chats/${chat.id}`, { title: 'x', users: [owner.id] })).statusCode).toBe(404);
    expect((await stranger.delete(`/chats/${chat.id}`)).statusCode).toBe(404);
  });

  test('removing a member takes the chat away from them', async () => {
    const { mate, outsider, ownerApi, outsiderApi } = await team();
    const chat = await chatOf(ownerApi, [mate, outsider]);
    await ownerApi.put(`/chats/${chat.id}`, { title: chat.title, users: [mate.id] });
    expect((await outsiderApi.get(`/chats/${chat.uuid}`)).statusCode).toBe(404);
    expect((await outsiderApi.get('/chats')).json().records).toEqual([]);
  });

  test('the owner deletes the chat and its messages', async () => {
    const { mate, ownerApi, mateApi } = await team();
    const chat = await chatOf(ownerApi, [mate]);
    await ownerApi.post(`/chats/${chat.id}/messages`, { message: 'oi' });
    expect((await ownerApi.delete(`/chats/${chat.id}`)).statusCode).toBe(200);
    expect((await mateApi.get(`/chats/${chat.uuid}`)).statusCode).toBe(404);
    expect((await mateApi.get('/chats/unread')).json().unreads).toBe(0);
  });
});

describe('realtime, as recorded', () => {
  test('chat events go to the members user rooms only', async () => {
    const { owner, mate, outsider, ownerApi } = await team();
    const chat = await chatOf(ownerApi, [mate]);
    await ownerApi.post(`/chats/${chat.id}/messages`, { message: 'só para nós' });
    const chatEvents = t.sent.filter((s) => s.event === `company-${owner.companyId}-chat`);
    expect(chatEvents.length).toBeGreaterThanOrEqual(2);
    for (const e of chatEvents) {
      expect(e.room).toBeInstanceOf(Array);
      expect(e.room).not.toContain(`user:${outsider.id}`);
    }
    expect(chatEvents.at(-1)).toMatchObject({
      room: expect.arrayContaining([`user:${owner.id}`, `user:${mate.id}`]),
      payload: { action: 'new-message', message: { message: 'só para nós' } },
    });
  });
});

describe("the spec's chat event names (spec 3 §7)", () => {
  test('company-{id}-chat-user-{userId} tells each member of a create, an edit that removes one, and a delete; company-{id}-chat-{chatId} carries new messages', async () => {
    const { owner, mate, outsider, ownerApi } = await team();
    const name = (suffix: string) => `company-${owner.companyId}-${suffix}`;
    const chat = await chatOf(ownerApi, [mate, outsider]);
    const forUser = (userId: number) => t.sent.filter((s) => s.event === name(`chat-user-${userId}`));
    for (const member of [owner, mate, outsider]) {
      expect(forUser(member.id)).toEqual([
        expect.objectContaining({ room: `user:${member.id}`, payload: { action: 'create', record: chat } }),
      ]);
    }

    await ownerApi.post(`/chats/${chat.id}/messages`, { message: 'olá equipe' });
    const messages = t.sent.filter((s) => s.event === name(`chat-${chat.id}`));
    expect(messages).toHaveLength(1);
    expect(messages[0].room).toEqual(expect.arrayContaining([`user:${owner.id}`, `user:${mate.id}`, `user:${outsider.id}`]));
    expect(messages[0].payload).toMatchObject({ action: 'new-message', message: { message: 'olá equipe' }, chat: { id: chat.id } });

    const edited = await ownerApi.put(`/chats/${chat.id}`, { title: 'Só nós', users: [{ id: mate.id, name: 'x' }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(forUser(outsider.id).at(-1)).toMatchObject({ room: `user:${outsider.id}`, payload: { action: 'delete', id: chat.id } });
    expect(forUser(mate.id).at(-1)).toMatchObject({ payload: { action: 'update', record: { title: 'Só nós' } } });

    expect((await ownerApi.delete(`/chats/${chat.id}`)).statusCode).toBe(200);
    for (const member of [owner, mate]) expect(forUser(member.id).at(-1)).toMatchObject({ payload: { action: 'delete', id: chat.id } });
    // Nothing of the chat under another member's name reached someone else's room.
    for (const member of [owner, mate, outsider]) for (const e of forUser(member.id)) expect(e.room).toBe(`user:${member.id}`);
  });
});
