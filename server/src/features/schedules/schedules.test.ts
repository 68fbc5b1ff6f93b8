import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { plans, schedules } from '../../db/schema';
import { makeContact } from '../../test/contacts';
import { useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { simulatorConnection, TINY_PNG } from '../../test/simulator';
import { createScheduleAs, inMinutes } from './testing';

const t = useTestApp();

/** The 400's messages by field. */
const messagesOf = (res: { json(): { fields: { field: string; message: string }[] } }) =>
  Object.fromEntries(res.json().fields.map((f) => [f.field, f.message]));

test('an admin creates, reads, lists, edits and deletes a schedule; defaults from the spec', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const contact = await makeContact(t.database.db, admin.companyId, { name: 'Maria Agenda' });
  const created = await createScheduleAs(t, admin, { contactId: contact.id });
  expect(created).toMatchObject({
    contactId: contact.id,
    contact: { id: contact.id, name: 'Maria Agenda' },
    status: 'PENDENTE',
    sentAt: null,
    intervalo: 1,
    valorIntervalo: 1,
    enviarQuantasVezes: 1,
    tipoDias: 4,
    openTicket: 'disabled',
    statusTicket: 'closed',
    assinar: false,
    whatsappId: conn.id, // no connection chosen: the company's default
    userId: admin.id,
    timesSent: 0,
  });
  expect(t.jobs.heldTimers('schedule.dispatch')).toContainEqual(
    expect.objectContaining({ payload: expect.objectContaining({ scheduleId: created.id }) }),
  );

  const api = await t.as(admin);
  expect((await api.get(`/schedules/${created.id}`)).json()).toMatchObject({ id: created.id, body: 'Lembrete da consulta' });
  const page = (await api.get('/schedules', { searchParam: 'Maria' })).json();
  expect(page).toMatchObject({ count: 1, hasMore: false });
  expect(page.schedules[0].id).toBe(created.id);
  expect((await api.get('/schedules', { contactId: String(contact.id) })).json().count).toBe(1);

  const edited = await api.put(`/schedules/${created.id}`, { body: 'Lembrete alterado', intervalo: 2, enviarQuantasVezes: 3, tipoDias: 6 });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject({ body: 'Lembrete alterado', intervalo: 2, enviarQuantasVezes: 3, tipoDias: 6 });
  expect(
    t.sent.some((e) => e.event === `company-${admin.companyId}-schedule` && (e.payload as { action: string }).action === 'update'),
  ).toBe(true);

  expect((await api.delete(`/schedules/${created.id}`)).statusCode).toBe(200);
  expect((await api.get(`/schedules/${created.id}`)).statusCode).toBe(404);
});

test('validation: the spec messages for body, contact and send time; a send time in the past is refused', async () => {
  const admin = await t.factory.admin();
  const contact = await makeContact(t.database.db, admin.companyId);
  const api = await t.as(admin);
  const empty = await api.post('/schedules', {});
  expect(empty.statusCode).toBe(400);
  expect(messagesOf(empty)).toMatchObject({ body: 'Obrigatório', contactId: 'Obrigatório', sendAt: 'Obrigatório' });
  const short = await api.post('/schedules', { body: 'Oi', contactId: contact.id, sendAt: inMinutes(10) });
  expect(messagesOf(short)).toMatchObject({ body: 'Mensagem muito curta' });
  const past = await api.post('/schedules', { body: 'Mensagem atrasada', contactId: contact.id, sendAt: inMinutes(-5) });
  expect(past.statusCode).toBe(400);
  expect(messagesOf(past)).toMatchObject({ sendAt: 'A data de envio deve ser no futuro' });
  const english = await api.inject({
    method: 'POST',
    url: '/schedules',
    headers: { 'accept-language': 'en' },
    payload: { body: 'Oi', contactId: contact.id, sendAt: inMinutes(10) },
  });
  expect(messagesOf(english)).toMatchObject({ body: 'Message too short' });
  for (const sendAt of ['amanhã', '-271821-04-20T00:00:00Z', '+275000-01-01T00:00:00Z']) {
    const odd = await api.post('/schedules', { body: 'Mensagem boa', contactId: contact.id, sendAt });
    expect(odd.statusCode, sendAt).toBe(400);
    expect(messagesOf(odd), sendAt).toMatchObject({ sendAt: 'Valor inválido' });
  }
  const badUnit = await api.post('/schedules', {
    body: 'Mensagem boa',
    contactId: contact.id,
    sendAt: inMinutes(10),
    intervalo: 9,
    tipoDias: 1,
  });
  expect(badUnit.statusCode).toBe(400);
  expect(Object.keys(messagesOf(badUnit)).sort()).toEqual(['intervalo', 'tipoDias']);
  expect(await t.database.db.select().from(schedules).where(eq(schedules.companyId, admin.companyId))).toEqual([]);
});

test("another company's schedule is 404, and its contact, connection, user or queue cannot be named", async () => {
  const admin = await t.factory.admin();
  const schedule = await createScheduleAs(t, admin, { contactId: (await makeContact(t.database.db, admin.companyId)).id });
  const stranger = await t.factory.admin();
  const api = await t.as(stranger);
  expect((await api.get(`/schedules/${schedule.id}`)).statusCode).toBe(404);
  expect((await api.put(`/schedules/${schedule.id}`, { body: 'Tomada de assalto' })).statusCode).toBe(404);
  expect((await api.delete(`/schedules/${schedule.id}`)).statusCode).toBe(404);
  expect((await api.get('/schedules')).json().count).toBe(0);

  const theirContact = await makeContact(t.database.db, admin.companyId);
  const own = await makeContact(t.database.db, stranger.companyId);
  const queue = await t.factory.queue(admin.companyId);
  for (const body of [
    { contactId: theirContact.id },
    { contactId: own.id, ticketUserId: admin.id },
    { contactId: own.id, queueId: queue.id },
    { contactId: own.id, whatsappId: schedule.whatsappId ?? (await simulatorConnection(t, admin)).id },
  ]) {
    const res = await api.post('/schedules', { body: 'Mensagem cruzada', sendAt: inMinutes(30), ...body });
    expect(res.statusCode, JSON.stringify(body)).toBe(404);
  }
});

test('a "user" profile manages its own schedules only (403 on a colleague\'s) and lists only its own', async () => {
  const admin = await t.factory.admin();
  const company = { companyId: admin.companyId };
  const agent = await t.factory.user(company);
  const colleague = await t.factory.user(company);
  const contact = await makeContact(t.database.db, admin.companyId);
  const mine = await createScheduleAs(t, agent, { contactId: contact.id });
  const theirs = await createScheduleAs(t, colleague, { contactId: contact.id });
  const api = await t.as(agent);
  expect((await api.get(`/schedules/${mine.id}`)).statusCode).toBe(200);
  expect((await api.get(`/schedules/${theirs.id}`)).statusCode).toBe(403);
  expect((await api.put(`/schedules/${theirs.id}`, { body: 'Não é meu' })).statusCode).toBe(403);
  expect((await api.delete(`/schedules/${theirs.id}`)).statusCode).toBe(403);
  expect((await api.get('/schedules')).json().schedules.map((s: { id: number }) => s.id)).toEqual([mine.id]);
  expect((await (await t.as(admin)).get('/schedules')).json().count).toBe(2);
});

test('the plan switch useSchedules off: 403 ERR_PLAN_FEATURE_DISABLED', async () => {
  const plan = await t.factory.plan();
  await t.database.db.update(plans).set({ useSchedules: false }).where(eq(plans.id, plan.id));
  const company = await t.factory.company({ planId: plan.id });
  const admin = await t.factory.admin({ companyId: company.id });
  const res = await (await t.as(admin)).get('/schedules');
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
});

test('media: an attachment is stored from its bytes and removed; a sent schedule can no longer be edited', async () => {
  const admin = await t.factory.admin();
  await simulatorConnection(t, admin);
  const schedule = await createScheduleAs(t, admin, { contactId: (await makeContact(t.database.db, admin.companyId)).id });
  const form = multipart([{ name: 'file', value: TINY_PNG, filename: 'cartão de visita.png', type: 'image/png' }]);
  const up = await t.app.inject({
    method: 'POST',
    url: `/schedules/${schedule.id}/media-upload`,
    headers: { authorization: `Bearer ${(await t.as(admin)).token}`, ...form.headers },
    payload: form.payload,
  });
  expect(up.statusCode, up.body).toBe(200);
  expect(up.json()).toMatchObject({ mediaName: 'cartão de visita.png', mediaPath: expect.stringMatching(/^\/public\//) });
  const down = await (await t.as(admin)).delete(`/schedules/${schedule.id}/media-upload`);
  expect(down.json()).toMatchObject({ mediaPath: null, mediaName: null });

  await t.database.db.update(schedules).set({ sentAt: new Date(), timesSent: 1 }).where(eq(schedules.id, schedule.id));
  const late = await (await t.as(admin)).put(`/schedules/${schedule.id}`, { body: 'Tarde demais' });
  expect(late.statusCode).toBe(400);
  expect(late.json().error).toBe('ERR_SCHEDULE_ALREADY_SENT');
});
