import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/harness';
import { customerNumber, customerOf, simulatorConnection } from '../test/simulator';

/**
 * Compatibility with spec 2 §7 "Calls" (administration): each call as the spec writes it (path, method,
 * parameter names) answers in the shape its clients read. Calls whose answer the spec does not show are
 * checked for a 2xx. Invoices, checkout, certificate upload, integrations, prompts and flows join this
 * suite with their issues.
 */
const t = useTestApp();

const keysOf = (value: unknown) => Object.keys(value as object);
const ids = (list: { id: number }[]) => list.map((x) => x.id);

async function company() {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId);
  const connection = await simulatorConnection(t, admin, { queueIds: [queue.id] });
  // After the connection: every login ends the user's other session (one live session per user).
  const api = await t.as(admin);
  return { admin, api, queue, connection };
}

describe('spec 2 §7 Connections', () => {
  test('GET /whatsapp with companyId and session lists; GET /whatsapp/{id}?session=0 one; PUT and DELETE /whatsapp/{id}', async () => {
    const { admin, api, connection } = await company();
    const list = (await api.get('/whatsapp', { companyId: String(admin.companyId), session: '0' })).json();
    expect(ids(list)).toContain(connection.id);
    const one = (await api.get(`/whatsapp/${connection.id}`, { session: '0' })).json();
    expect(keysOf(one)).toEqual(expect.arrayContaining(['id', 'name', 'status', 'isDefault', 'queues', 'token']));
    expect((await api.put(`/whatsapp/${connection.id}`, { name: 'Renomeada' })).json().name).toBe('Renomeada');
    const other = await simulatorConnection(t, admin, { name: 'Segunda' });
    expect((await (await t.as(admin)).delete(`/whatsapp/${other.id}`)).statusCode).toBe(200);
  });

  test('GET /whatsapp-admin/{id} and /whatsapp/all/ are the super user’s; a company admin gets 403', async () => {
    const { api, connection } = await company();
    expect((await api.get(`/whatsapp-admin/${connection.id}`, { session: '0' })).statusCode).toBe(403);
    expect((await api.get('/whatsapp/all/', { session: '0' })).statusCode).toBe(403);
    const operator = await t.as(await t.factory.superUser());
    const one = (await operator.get(`/whatsapp-admin/${connection.id}`, { session: '0' })).json();
    expect(one).toMatchObject({ id: connection.id, name: connection.name });
    const all = await operator.get('/whatsapp/all/', { session: '0' });
    expect(all.statusCode).toBe(200);
    expect(JSON.stringify(all.json())).toContain(connection.name);
  });

  test('the session calls: POST, PUT, DELETE /whatsappsession/{id}, DELETE /whatsappsession/admin/{id}, POST /whatsapp-restart/', async () => {
    const { api, connection } = await company();
    expect((await api.post(`/whatsappsession/${connection.id}`)).statusCode).toBe(200);
    expect((await api.put(`/whatsappsession/${connection.id}`)).statusCode).toBe(200);
    expect((await api.delete(`/whatsappsession/admin/${connection.id}`)).statusCode).toBe(200);
    expect((await api.delete(`/whatsappsession/${connection.id}`)).statusCode).toBe(200);
    expect((await api.post('/whatsapp-restart/')).statusCode).toBe(200);
  });

  test('POST /closedimported/{id}; GET /queue lists queues', async () => {
    const { api, connection, queue } = await company();
    expect((await api.post(`/closedimported/${connection.id}`)).statusCode).toBe(200);
    expect(ids((await api.get('/queue')).json())).toContain(queue.id);
  });
});

describe('spec 2 §7 Users', () => {
  test('GET /users with searchParam, pageNumber → users, hasMore; POST with whatsappId and queueIds; PUT; DELETE; GET /usersMoments', async () => {
    const { api, queue, connection } = await company();
    const page = (await api.get('/users', { searchParam: '', pageNumber: '1' })).json();
    expect(keysOf(page)).toEqual(expect.arrayContaining(['users', 'hasMore']));
    const created = await api.post('/users', {
      name: 'Nova Agente',
      email: `agente-${customerNumber()}@x.com`,
      password: 'segredo1',
      profile: 'user',
      whatsappId: connection.id,
      queueIds: [queue.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ whatsappId: connection.id, queues: [{ id: queue.id }] });
    const id = created.json().id as number;
    expect((await api.get(`/users/${id}`)).json().name).toBe('Nova Agente');
    expect((await api.put(`/users/${id}`, { name: 'Agente Renomeada' })).json().name).toBe('Agente Renomeada');
    expect(ids((await api.get('/users/list')).json())).toContain(id);
    await customerOf(t, connection).send({ from: customerNumber(), name: 'Ana', body: 'Olá' });
    await t.jobs.drain();
    const moments = (await api.get('/usersMoments')).json();
    expect(keysOf(moments[0])).toEqual(expect.arrayContaining(['id', 'status', 'user', 'contact', 'queue', 'whatsapp']));
    expect((await api.delete(`/users/${id}`)).statusCode).toBe(200);
  });
});

describe('spec 2 §7 Companies, plans, helps', () => {
  test('companies: POST, PUT, GET list and one, /companies/list, PUT schedules, listPlan, /companiesPlan/ → companies, hasMore, DELETE', async () => {
    const operator = await t.as(await t.factory.superUser());
    const plan = await t.factory.plan();
    const created = await operator.post('/companies', {
      name: `Empresa ${customerNumber()}`,
      email: `e${customerNumber()}@x.com`,
      planId: plan.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect((await operator.put(`/companies/${id}`, { name: 'Empresa Renomeada' })).json().name).toBe('Empresa Renomeada');
    expect(ids((await operator.get('/companies')).json())).toContain(id);
    expect(ids((await operator.get('/companies/list')).json())).toContain(id);
    expect((await operator.get(`/companies/${id}`)).json()).toMatchObject({ id, planId: plan.id });
    const schedules = [
      { weekday: 'segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' },
    ];
    expect((await operator.put(`/companies/${id}/schedules`, { schedules })).statusCode).toBe(200);
    expect(keysOf((await operator.get(`/companies/listPlan/${id}`)).json())).toContain('plan');
    expect(keysOf((await operator.get('/companiesPlan/', { searchParam: '', pageNumber: '1' })).json())).toEqual(
      expect.arrayContaining(['companies', 'hasMore']),
    );
    expect((await operator.delete(`/companies/${id}`)).statusCode).toBe(200);
  });

  test('plans: GET /plans/list without a session, /plans/all, POST, PUT, DELETE', async () => {
    expect(Array.isArray((await t.anon.get('/plans/list', { listPublic: 'true' })).json())).toBe(true);
    const operator = await t.as(await t.factory.superUser());
    const created = (await operator.post('/plans', { name: `Plano ${customerNumber()}`, amount: '99.90' })).json();
    expect(keysOf(created)).toEqual(expect.arrayContaining(['id', 'name', 'amount', 'users', 'connections', 'queues', 'useWhatsapp']));
    expect(ids((await operator.get('/plans/all')).json())).toContain(created.id);
    expect((await operator.put(`/plans/${created.id}`, { amount: '109.90' })).statusCode).toBe(200);
    expect((await operator.delete(`/plans/${created.id}`)).statusCode).toBe(200);
  });

  test('helps: GET /helps, /helps/list, POST, PUT, DELETE', async () => {
    const operator = await t.as(await t.factory.superUser());
    const help = (await operator.post('/helps', { title: 'Primeiros passos', description: 'Vídeo', video: 'abc123XYZ' })).json();
    expect(keysOf(help)).toEqual(expect.arrayContaining(['id', 'title', 'description', 'video']));
    expect(ids((await operator.get('/helps/list')).json())).toContain(help.id);
    expect((await operator.get('/helps')).statusCode).toBe(200);
    expect((await operator.put(`/helps/${help.id}`, { title: 'Primeiros passos 2' })).statusCode).toBe(200);
    expect((await operator.delete(`/helps/${help.id}`)).statusCode).toBe(200);
  });
});

describe('spec 2 §7 Settings', () => {
  test('GET /settings; PUT /settings/{key}; GET /setting/{key}; PUT /companySettings {column, data}; GET /companySettings/{id}; /companySettingOne', async () => {
    const { admin, api } = await company();
    expect(Array.isArray((await api.get('/settings')).json())).toBe(true);
    expect((await api.put('/settings/userRating', { value: 'enabled' })).statusCode).toBe(200);
    expect((await api.get('/setting/userRating')).json()).toMatchObject({ key: 'userRating', value: 'enabled' });
    expect((await api.put('/companySettings', { column: 'sendSignMessage', data: 'enabled' })).statusCode).toBe(200);
    expect((await api.get(`/companySettings/${admin.companyId}`)).json()).toMatchObject({ sendSignMessage: 'enabled' });
    expect((await api.get('/companySettingOne', { column: 'sendSignMessage' })).json()).toMatchObject({ sendSignMessage: 'enabled' });
  });

  test('GET /companySettingOnePayment answers the company payment setting', async () => {
    const { admin, api } = await company();
    const res = await api.get('/companySettingOnePayment');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ companyId: admin.companyId, providers: expect.any(Array) });
    expect(keysOf(res.json())).toEqual(expect.arrayContaining(['paymentMethod', 'recurrence', 'dueDate', 'planId']));
  });

  test('GET /public-settings/{key} with a token parameter answers without a session', async () => {
    const res = await t.anon.get('/public-settings/appName', { token: 'any' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('Chat-flow');
  });
});

describe('spec 2 §7 Queues and chatbot', () => {
  test('POST /queue with the spec body, GET /queue/{id}, PUT, DELETE', async () => {
    const { api } = await company();
    const body = {
      name: `Vendas ${customerNumber()}`,
      color: '#aa00aa',
      orderQueue: 1,
      closeTicket: false,
      ativarRoteador: false,
      tempoRoteador: 0,
      integrationId: null,
      fileListId: null,
      greetingMessage: 'Bem-vindo às vendas',
      outOfHoursMessage: '',
      chatbots: [{ name: 'Orçamento', greetingMessage: 'Envie o produto', queueType: 'text' }],
      schedules: [],
    };
    const created = await api.post('/queue', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const one = (await api.get(`/queue/${id}`)).json();
    expect(keysOf(one)).toEqual(expect.arrayContaining(['id', 'name', 'color', 'orderQueue', 'greetingMessage', 'chatbots', 'schedules']));
    expect(one.chatbots.map((c: { name: string }) => c.name)).toEqual(['Orçamento']);
    expect((await api.put(`/queue/${id}`, { ...body, name: 'Vendas 2' })).json().name).toBe('Vendas 2');
    expect((await api.delete(`/queue/${id}`)).statusCode).toBe(200);
  });

  test('GET, POST, PUT, DELETE on /chatbot and /chatbot/{id}; GET /files/ with companyId', async () => {
    const { admin, api, queue } = await company();
    const option = await api.post('/chatbot', {
      queueId: queue.id,
      name: 'Suporte',
      greetingMessage: 'Descreva o problema',
      queueType: 'text',
    });
    expect(option.statusCode, option.body).toBe(200);
    const id = option.json().id as number;
    expect(ids((await api.get('/chatbot', { queueId: String(queue.id) })).json())).toContain(id);
    expect((await api.get(`/chatbot/${id}`)).json().name).toBe('Suporte');
    expect((await api.put(`/chatbot/${id}`, { name: 'Suporte técnico' })).json().name).toBe('Suporte técnico');
    expect((await api.delete(`/chatbot/${id}`)).statusCode).toBe(200);
    expect((await api.get('/files/', { companyId: String(admin.companyId) })).statusCode).toBe(200);
  });
});

describe('spec 2 §7 Dashboard, reports, panel', () => {
  test('GET /dashboard with days, date_from, date_to: counters and attendants; ticketsUsers and ticketsDay: rows and count', async () => {
    const { admin, api } = await company();
    const today = new Date().toISOString().slice(0, 10);
    const dashboard = (await api.get('/dashboard', { days: '30', date_from: today, date_to: today })).json();
    expect(keysOf(dashboard)).toEqual(expect.arrayContaining(['counters', 'attendants']));
    for (const path of ['/dashboard/ticketsUsers', '/dashboard/ticketsDay']) {
      const res = (await api.get(path, { initialDate: today, finalDate: today, companyId: String(admin.companyId) })).json();
      expect(keysOf(res)).toEqual(expect.arrayContaining(['data', 'count']));
    }
  });

  test('GET /dashboard/moments with the spec params; GET /ticketreport/reports → tickets and totalTickets.total', async () => {
    const { admin, api, connection } = await company();
    await customerOf(t, connection).send({ from: customerNumber(), name: 'Ana', body: 'Olá' });
    await t.jobs.drain();
    const today = new Date().toISOString().slice(0, 10);
    const moments = await api.get('/dashboard/moments', {
      status: 'pending',
      showAll: 'true',
      queueIds: '[]',
      dateStart: today,
      dateEnd: today,
      userId: String(admin.id),
    });
    expect(moments.statusCode, moments.body).toBe(200);
    expect(Array.isArray(moments.json())).toBe(true);
    const report = (
      await api.get('/ticketreport/reports', {
        searchParam: '',
        users: '[]',
        queueIds: '[]',
        status: '[]',
        dateFrom: today,
        dateTo: today,
        page: '1',
        pageSize: '20',
        onlyRated: 'false',
      })
    ).json();
    expect(keysOf(report)).toEqual(expect.arrayContaining(['tickets', 'totalTickets']));
    expect(keysOf(report.totalTickets)).toContain('total');
  });
});

describe('spec 2 §7 Contacts administration', () => {
  test('GET /contacts/ with searchParam, pageNumber, contactTag → contacts, hasMore, count; PUT block; DELETE', async () => {
    const { api } = await company();
    const contact = (await api.post('/contacts', { name: 'Davi', number: customerNumber(), email: '' })).json();
    const tag = (await api.post('/tags', { name: `Cliente ${customerNumber()}`, color: '#0000aa', kanban: 0 })).json();
    await api.post('/tags/sync', { contactId: contact.id, tags: [{ id: tag.id }] });
    const page = (await api.get('/contacts/', { searchParam: '', pageNumber: '1', contactTag: JSON.stringify([tag.id]) })).json();
    expect(keysOf(page)).toEqual(expect.arrayContaining(['contacts', 'hasMore', 'count']));
    expect(ids(page.contacts)).toEqual([contact.id]);
    expect((await api.put(`/contacts/block/${contact.id}`, { active: false })).json()).toMatchObject({ active: false });
    expect((await api.delete(`/contacts/${contact.id}`)).statusCode).toBe(200);
  });

  test('POST /contactsImport with name, number, email creates one contact; a bad number is answered as ignored', async () => {
    const { api } = await company();
    const number = customerNumber();
    const ok = await api.post('/contactsImport', { name: 'Elisa', number, email: 'elisa@x.com' });
    expect(ok.statusCode, ok.body).toBe(200);
    const found = (await api.get('/contacts/', { searchParam: number })).json();
    expect(found.contacts.map((c: { name: string }) => c.name)).toEqual(['Elisa']);
    // Spec 2 §5: a failed row counts as ignored, so the import page counts it and goes on.
    const bad = await api.post('/contactsImport', { name: 'Sem número', number: '12', email: '' });
    expect(bad.json()).toMatchObject({ ignored: true, reason: 'ERR_VALIDATION' });
  });
});
