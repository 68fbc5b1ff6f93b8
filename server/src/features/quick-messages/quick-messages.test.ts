import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { quickMessages } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();
const stored = async (id: number) => (await t.database.db.select().from(quickMessages).where(eq(quickMessages.id, id)))[0];

async function team() {
  const owner = await t.factory.user();
  const colleague = await t.factory.user({ companyId: owner.companyId });
  return { owner, colleague, ownerApi: await t.as(owner), colleagueApi: await t.as(colleague) };
}

describe('POST /quick-messages', () => {
  test('owned by the caller with the spec defaults (visible on, shared off); announced to the company', async () => {
    const { owner, ownerApi } = await team();
    const res = await ownerApi.post('/quick-messages', {
      shortcode: 'ola',
      message: 'Olá! Como posso ajudar?',
      userId: 12345,
      companyId: 999,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      companyId: owner.companyId,
      userId: owner.id,
      shortcode: 'ola',
      message: 'Olá! Como posso ajudar?',
      mediaPath: null,
      mediaName: null,
      isMedia: false,
      geral: false,
      visao: true,
    });
    const event = t.sent.findLast((e) => e.event === `company-${owner.companyId}-quickemessage`);
    expect(event).toMatchObject({ room: null, payload: { action: 'create', record: { id: res.json().id } } });
  });

  test('the shortcode is required ("Obrigatório"); the message may be empty', async () => {
    const { ownerApi } = await team();
    for (const body of [{ message: 'x' }, { shortcode: '  ', message: 'x' }]) {
      const res = await ownerApi.post('/quick-messages', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'shortcode', key: 'validation.required', message: 'Obrigatório' }],
      });
    }
    expect((await ownerApi.post('/quick-messages', { shortcode: 'só atalho' })).json().message).toBe('');
    expect((await ownerApi.post('/quick-messages', { shortcode: 'x'.repeat(101) })).json().fields[0].key).toBe('validation.tooLong');
  });

  test('a private message (neither shared nor visible) is announced only to its owner', async () => {
    const { owner, ownerApi } = await team();
    const res = await ownerApi.post('/quick-messages', { shortcode: 'meu', message: 'Só meu', visao: false });
    const event = t.sent.findLast((e) => e.event === `company-${owner.companyId}-quickemessage`);
    expect(event).toMatchObject({ room: `user:${owner.id}`, payload: { action: 'create', record: { id: res.json().id } } });
  });
});

describe('visibility (spec 3 §5, §6)', () => {
  test("a user sees shared and visible messages and their own; never another user's private ones", async () => {
    const { ownerApi, colleagueApi } = await team();
    const shared = (await ownerApi.post('/quick-messages', { shortcode: 'a-geral', message: '1', geral: true, visao: false })).json();
    const visible = (await ownerApi.post('/quick-messages', { shortcode: 'b-visivel', message: '2' })).json();
    const hidden = (await ownerApi.post('/quick-messages', { shortcode: 'c-privada', message: '3', visao: false })).json();
    const mine = (await colleagueApi.post('/quick-messages', { shortcode: 'd-minha', message: '4', visao: false })).json();
    const ids = (list: { id: number }[]) => list.map((q) => q.id);
    expect(ids((await colleagueApi.get('/quick-messages/list', { userId: '1' })).json())).toEqual([shared.id, visible.id, mine.id]);
    expect(ids((await ownerApi.get('/quick-messages/list')).json())).toEqual([shared.id, visible.id, hidden.id]);
    const page = (await colleagueApi.get('/quick-messages')).json();
    expect(page).toMatchObject({ count: 3, hasMore: false });
    expect(ids(page.records)).toEqual([shared.id, visible.id, mine.id]);
    expect(ids((await colleagueApi.get('/quick-messages/', { searchParam: 'VISIV' })).json().records)).toEqual([visible.id]);
    expect((await colleagueApi.get(`/quick-messages/${hidden.id}`)).statusCode).toBe(404);
    expect((await colleagueApi.get(`/quick-messages/${visible.id}`)).json()).toMatchObject({ id: visible.id, shortcode: 'b-visivel' });
  });

  test('pages of 20 with hasMore', async () => {
    const { ownerApi } = await team();
    for (let i = 0; i < 21; i++) await ownerApi.post('/quick-messages', { shortcode: `atalho${String(i).padStart(2, '0')}` });
    expect((await ownerApi.get('/quick-messages')).json()).toMatchObject({ count: 21, hasMore: true });
    expect((await ownerApi.get('/quick-messages', { pageNumber: '2' })).json()).toMatchObject({
      hasMore: false,
      records: [{ shortcode: 'atalho20' }],
    });
  });
});

describe('PUT / DELETE /quick-messages/:id (owner rules)', () => {
  test('a visible, not shared message is edited and deleted only by its owner (403 for others)', async () => {
    const { owner, ownerApi, colleagueApi } = await team();
    const msg = (await ownerApi.post('/quick-messages', { shortcode: 'preco', message: 'R$ 10' })).json();
    const denied = await colleagueApi.put(`/quick-messages/${msg.id}`, { message: 'R$ 0' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await colleagueApi.delete(`/quick-messages/${msg.id}`)).statusCode).toBe(403);
    expect((await stored(msg.id)).message).toBe('R$ 10');
    // An admin is held to the same rule: the message is its owner's.
    const admin = await t.as(await t.factory.admin({ companyId: owner.companyId }));
    expect((await admin.put(`/quick-messages/${msg.id}`, { message: 'R$ 1' })).statusCode).toBe(403);
    const ok = await ownerApi.put(`/quick-messages/${msg.id}`, { message: 'R$ 12', userId: 1 });
    expect(ok.json()).toMatchObject({ message: 'R$ 12', userId: owner.id });
    expect((await ownerApi.delete(`/quick-messages/${msg.id}`)).statusCode).toBe(200);
    expect(await stored(msg.id)).toBeUndefined();
    expect(t.sent.findLast((e) => e.event === `company-${owner.companyId}-quickemessage`)?.payload).toEqual({
      action: 'delete',
      id: msg.id,
    });
  });

  test('a shared message may be edited by anyone of the company', async () => {
    const { ownerApi, colleagueApi } = await team();
    const msg = (await ownerApi.post('/quick-messages', { shortcode: 'geral', message: 'v1', geral: true })).json();
    expect((await colleagueApi.put(`/quick-messages/${msg.id}`, { message: 'v2' })).json().message).toBe('v2');
  });

  test('making a message private tells the others to drop it and keeps it for the owner', async () => {
    const { owner, ownerApi } = await team();
    const msg = (await ownerApi.post('/quick-messages', { shortcode: 'x1', geral: true })).json();
    const before = t.sent.length;
    await ownerApi.put(`/quick-messages/${msg.id}`, { geral: false, visao: false });
    const events = t.sent.slice(before).filter((e) => e.event === `company-${owner.companyId}-quickemessage`);
    expect(events.map((e) => [e.room, (e.payload as { action: string }).action])).toEqual([
      [null, 'delete'],
      [`user:${owner.id}`, 'update'],
    ]);
  });

  test("another company's message is 404 on every route; no token is 401", async () => {
    const { ownerApi } = await team();
    const msg = (await ownerApi.post('/quick-messages', { shortcode: 'seg', geral: true })).json();
    const stranger = await t.as(await t.factory.admin());
    for (const res of [
      await stranger.get(`/quick-messages/${msg.id}`),
      await stranger.put(`/quick-messages/${msg.id}`, { message: 'x' }),
      await stranger.delete(`/quick-messages/${msg.id}`),
      await stranger.delete(`/quick-messages/${msg.id}/media-upload`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await stranger.get('/quick-messages/list')).json()).toEqual([]);
    expect((await stranger.get('/quick-messages')).json()).toEqual({ records: [], count: 0, hasMore: false });
    expect((await t.anon.get('/quick-messages/list')).statusCode).toBe(401);
  });
});
