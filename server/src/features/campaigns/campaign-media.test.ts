import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { campaigns, contacts, messages, simulatorOutbox } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { customerOf, TINY_PNG } from '../../test/simulator';
import { oggOpus } from '../../test/audio-files';
import { campaignNow, campaignSetup, type CampaignSetup, createCampaign, MONDAY_10AM, NO_PAUSES } from './testing';

/**
 * The campaign's attachment (spec 3 "Campaigns": the modal's attachment; §7 POST and DELETE
 * /campaigns/{id}/media-upload): uploaded while the campaign is editable, sent to every contact with
 * the campaign message, exactly once like the text.
 */
const t = useTestApp();

async function upload(s: CampaignSetup, id: number, file: { value: Buffer; filename: string; type: string }, token = s.api.token) {
  const form = multipart([{ name: 'file', ...file }]);
  return t.app.inject({
    method: 'POST',
    url: `/campaigns/${id}/media-upload`,
    headers: { authorization: `Bearer ${token}`, ...form.headers },
    payload: form.payload,
  });
}
/** The messages recorded in the contact's tickets, oldest first. */
const historyOf = (number: string, companyId: number) =>
  t.database.db
    .select({
      fromMe: messages.fromMe,
      body: messages.body,
      mediaType: messages.mediaType,
      mediaUrl: messages.mediaUrl,
      mediaName: messages.mediaName,
    })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(contacts.number, number), eq(contacts.companyId, companyId)))
    .orderBy(asc(messages.id));
const png = { value: TINY_PNG, filename: 'folheto promoção.png', type: 'image/png' };
const fileOf = (mediaPath: string) => path.join(t.config.dataDir, mediaPath);
const phones = (connectionId: number) =>
  t.database.db
    .select({ number: simulatorOutbox.number, type: simulatorOutbox.type, body: simulatorOutbox.body, key: simulatorOutbox.idempotencyKey })
    .from(simulatorOutbox)
    .where(eq(simulatorOutbox.connectionId, connectionId))
    .orderBy(asc(simulatorOutbox.id));

describe('campaign attachment', () => {
  test('an image reaches every contact once, with the campaign message as its caption', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 3, NO_PAUSES);
    const c = await createCampaign(s, { message1: 'Oferta para {nome}' });
    const res = await upload(s, c.id, png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, mediaName: 'folheto promoção.png', mediaPath: expect.stringMatching(/^\/public\//) });
    expect(existsSync(fileOf(res.json().mediaPath))).toBe(true);

    await s.api.put(`/campaigns/${c.id}`, {
      name: 'Promoção',
      message1: 'Oferta para {nome}',
      whatsappId: s.connectionId,
      contactListId: s.listId,
      scheduledAt: MONDAY_10AM,
    });
    await t.jobs.drain();
    const sent = await phones(s.connectionId);
    expect(sent).toHaveLength(3);
    expect(sent.every((m) => m.type === 'image')).toBe(true);
    expect(sent.map((m) => m.number).sort()).toEqual([...s.numbers].sort());
    expect(sent.find((m) => m.number === s.numbers[0])?.body).toBe('Oferta para Cliente 1');
    expect(await campaignNow(s, c.id)).toMatchObject({ status: 'FINALIZADA', deliveredCount: 3 });
    // The contact's ticket shows the image with its caption, as the agent would have sent it.
    expect(await historyOf(s.numbers[0], s.admin.companyId)).toEqual([
      {
        fromMe: true,
        body: 'Oferta para Cliente 1',
        mediaType: 'image',
        mediaUrl: res.json().mediaPath,
        mediaName: 'folheto promoção.png',
      },
    ]);
    t.clock.reset();
  });

  test('an audio goes after the text (a voice note has no caption); each part under its own key', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 1, NO_PAUSES);
    const c = await createCampaign(s, { message1: 'Escute, {nome}' });
    expect((await upload(s, c.id, { value: oggOpus(), filename: 'recado.ogg', type: 'audio/ogg' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row.mediaType).toBe('audio');
    await s.api.put(`/campaigns/${c.id}`, {
      name: 'Promoção',
      message1: 'Escute, {nome}',
      whatsappId: s.connectionId,
      contactListId: s.listId,
      scheduledAt: MONDAY_10AM,
    });
    await t.jobs.drain();
    const sent = await phones(s.connectionId);
    expect(sent.map((m) => [m.type, m.body])).toEqual([
      ['text', 'Escute, Cliente 1'],
      ['audio', ''],
    ]);
    expect(sent[1].key).toBe(`${sent[0].key}-part2`);
    expect((await historyOf(s.numbers[0], s.admin.companyId)).map((m) => [m.mediaType, m.body, m.mediaName])).toEqual([
      ['conversation', 'Escute, Cliente 1', null],
      ['audio', '', 'recado.ogg'],
    ]);
    t.clock.reset();
  });

  test('with the confirmation flow, the request goes alone and the attachment comes with the campaign message', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 1, NO_PAUSES);
    const c = await createCampaign(s, { confirmation: true, message1: 'Oferta, {nome}', confirmationMessage1: 'Quer a oferta?' });
    expect((await upload(s, c.id, png)).statusCode).toBe(200);
    await s.api.put(`/campaigns/${c.id}`, {
      name: 'Promoção',
      confirmation: true,
      message1: 'Oferta, {nome}',
      confirmationMessage1: 'Quer a oferta?',
      whatsappId: s.connectionId,
      contactListId: s.listId,
      scheduledAt: MONDAY_10AM,
    });
    await t.jobs.drain();
    expect((await phones(s.connectionId)).map((m) => [m.type, m.body])).toEqual([['text', 'Quer a oferta?']]);
    await customerOf(t, s.connection).send({ from: s.numbers[0], name: 'Cliente 1', type: 'text', body: 'sim' });
    await t.jobs.drain();
    expect((await phones(s.connectionId)).map((m) => [m.type, m.body])).toEqual([
      ['text', 'Quer a oferta?'],
      ['image', 'Oferta, Cliente 1'],
    ]);
    t.clock.reset();
  });

  test('a new file replaces the old one on disk; DELETE removes it; deleting the campaign removes its file', async () => {
    const s = await campaignSetup(t, 1, NO_PAUSES);
    const c = await createCampaign(s, {});
    const first = (await upload(s, c.id, png)).json().mediaPath as string;
    const second = (await upload(s, c.id, { ...png, filename: 'outro.png' })).json();
    expect(second.mediaName).toBe('outro.png');
    expect(existsSync(fileOf(first))).toBe(false);
    const removed = await s.api.delete(`/campaigns/${c.id}/media-upload`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(existsSync(fileOf(second.mediaPath))).toBe(false);

    const third = (await upload(s, c.id, png)).json().mediaPath as string;
    expect((await s.api.delete(`/campaigns/${c.id}`)).statusCode).toBe(200);
    expect(existsSync(fileOf(third))).toBe(false);
  });

  test('a campaign that is no longer editable keeps its attachment: ERR_CAMPAIGN_NOT_EDITABLE', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 1, NO_PAUSES);
    const c = await createCampaign(s, { scheduledAt: MONDAY_10AM });
    await t.jobs.drain();
    expect((await campaignNow(s, c.id)).status).toBe('FINALIZADA');
    const res = await upload(s, c.id, png);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_CAMPAIGN_NOT_EDITABLE' });
    expect((await s.api.delete(`/campaigns/${c.id}/media-upload`)).json()).toEqual({ error: 'ERR_CAMPAIGN_NOT_EDITABLE' });
    t.clock.reset();
  });

  test("another company's admin gets 404 and a user profile 403; nothing is stored", async () => {
    const s = await campaignSetup(t, 1, NO_PAUSES);
    const c = await createCampaign(s, {});
    const stranger = await t.as(await t.factory.admin());
    expect((await upload(s, c.id, png, stranger.token)).statusCode).toBe(404);
    expect((await stranger.delete(`/campaigns/${c.id}/media-upload`)).statusCode).toBe(404);
    const user = await t.as(await t.factory.user({ companyId: s.admin.companyId }));
    expect((await upload(s, c.id, png, user.token)).statusCode).toBe(403);
    expect((await user.delete(`/campaigns/${c.id}/media-upload`)).statusCode).toBe(403);
    expect(await campaignNow(s, c.id)).toMatchObject({ mediaPath: null, mediaName: null });
  });
});
