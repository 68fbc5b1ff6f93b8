import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { campaignSetup, createCampaign } from './testing';

const t = useTestApp();

describe('campaign routes', () => {
  test('create, read, list, edit and delete an INATIVA campaign; a time makes it PROGRAMADA', async () => {
    const s = await campaignSetup(t, 1);
    const c = await createCampaign(s, { name: 'Black Friday' });
    expect(c).toMatchObject({
      status: 'INATIVA',
      contactList: { id: s.listId, name: 'Clientes' },
      openTicket: 'disabled',
      statusTicket: 'closed',
    });
    expect((await s.api.get('/campaigns', { searchParam: 'black' })).json().records).toHaveLength(1);
    const future = new Date(Date.now() + 3 * 3600_000).toISOString();
    const edited = await s.api.put(`/campaigns/${c.id}`, { ...c, scheduledAt: future, name: 'Black Friday 2' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'PROGRAMADA', name: 'Black Friday 2' });
    expect((await s.api.delete(`/campaigns/${c.id}`)).statusCode).toBe(200);
    expect((await s.api.get(`/campaigns/${c.id}`)).statusCode).toBe(404);
    await t.jobs.drain();
  });

  test('a campaign without audience or message is refused with the spec’s messages', async () => {
    const s = await campaignSetup(t, 0);
    const res = await s.api.post('/campaigns', { name: 'X', whatsappId: s.connectionId });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Selecione uma lista de contatos ou uma tag');
    expect(res.body).toContain('Informe ao menos uma mensagem');
    const noConnection = await s.api.post('/campaigns', { name: 'Nome', message1: 'oi', contactListId: s.listId });
    expect(noConnection.statusCode).toBe(400);
    expect(noConnection.body).toContain('Obrigatório');
    const short = await s.api.inject({
      method: 'POST',
      url: '/campaigns',
      payload: { name: 'N', message1: 'oi', contactListId: s.listId, whatsappId: s.connectionId },
      headers: { 'accept-language': 'es' },
    });
    expect(short.body).toContain('¡Muy corto!');
  });

  test('a PROGRAMADA campaign within the hour is read-only; cancel and restart only from their statuses', async () => {
    const s = await campaignSetup(t, 1);
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    const c = await createCampaign(s, { scheduledAt: soon });
    const edit = await s.api.put(`/campaigns/${c.id}`, { ...c, name: 'Outro nome' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    expect((await s.api.post(`/campaigns/${c.id}/cancel`)).json().error).toBe('ERR_CAMPAIGN_STATUS');
    expect((await s.api.post(`/campaigns/${c.id}/restart`)).json().error).toBe('ERR_CAMPAIGN_STATUS');
    await t.jobs.drain();
  });

  test('another company’s user gets 404; a "user" profile gets 403; a list of another company is 404', async () => {
    const s = await campaignSetup(t, 1);
    const c = await createCampaign(s, {});
    const stranger = await t.as(await t.factory.admin());
    for (const res of [
      await stranger.get(`/campaigns/${c.id}`),
      await stranger.put(`/campaigns/${c.id}`, { ...c }),
      await stranger.delete(`/campaigns/${c.id}`),
      await stranger.post(`/campaigns/${c.id}/cancel`),
      await stranger.get(`/campaigns/${c.id}/shipping`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await stranger.get('/campaigns')).json().records).toEqual([]);
    const other = await campaignSetup(t, 0);
    const foreignList = await s.api.post('/campaigns', {
      name: 'Nome',
      message1: 'oi',
      whatsappId: s.connectionId,
      contactListId: other.listId,
    });
    expect(foreignList.statusCode).toBe(404);
    const user = await t.as(await t.factory.user({ companyId: s.admin.companyId, profile: 'user' }));
    expect((await user.get('/campaigns')).statusCode).toBe(403);
    expect((await user.get('/campaign-settings')).statusCode).toBe(403);
    expect(
      (await user.post('/campaigns', { name: 'Nome', message1: 'oi', whatsappId: s.connectionId, contactListId: s.listId })).statusCode,
    ).toBe(403);
    expect((await user.post(`/campaigns/${c.id}/cancel`)).statusCode).toBe(403);
  });

  test('settings: defaults of the spec, saved values read back, options outside the list refused', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const defaults = Object.fromEntries(
      (await api.get('/campaign-settings')).json().map((s: { key: string; value: string }) => [s.key, JSON.parse(s.value)]),
    );
    expect(defaults).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
      sabado: false,
      domingo: false,
      startHour: '09:00',
      endHour: '18:00',
    });
    const saved = await api.post('/campaign-settings', {
      settings: { messageInterval: 5, variables: [{ key: 'loja', value: 'Centro' }], sabado: true },
    });
    const values = Object.fromEntries(saved.json().map((s: { key: string; value: string }) => [s.key, JSON.parse(s.value)]));
    expect(values).toMatchObject({ messageInterval: 5, variables: [{ key: 'loja', value: 'Centro' }], sabado: true, greaterInterval: 60 });
    expect((await api.post('/campaign-settings', { settings: { messageInterval: 7 } })).statusCode).toBe(400);
    expect((await api.post('/campaign-settings', { settings: { startHour: '25:00' } })).statusCode).toBe(400);
  });
});
