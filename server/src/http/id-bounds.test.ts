import { expect, test } from 'vitest';
import { useTestApp } from '../test/harness';

const t = useTestApp();

/** One past PostgreSQL's integer: the smallest id no row can have. */
const TOO_BIG = 2 ** 31;

test('an id above 2³¹−1 is a 400 naming the field, never a 500: in paths, query lists and bodies', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const answers = {
    'path /tickets/:id': await api.get(`/tickets/${TOO_BIG}`),
    'path /contacts/:id': await api.get(`/contacts/${TOO_BIG}`),
    'path /queue/:id': await api.get(`/queue/${TOO_BIG}`),
    'path /users/:id': await api.put(`/users/${TOO_BIG}`, { name: 'Nome' }),
    'path /companies/:companyId': await api.get(`/companies/${TOO_BIG}`),
    'path /messages/:ticketId': await api.post(`/messages/${TOO_BIG}`, { body: 'oi' }),
    'list filter queueIds': await api.get('/tickets', { queueIds: `[${TOO_BIG}]` }),
    'list filter tags': await api.get('/contacts', { contactTag: `[${TOO_BIG}]` }),
    'body contactId': await api.post('/tickets', { contactId: TOO_BIG, status: 'open' }),
    'body queueIds': await api.post('/whatsapp', { name: 'Conexão', provider: 'simulator', queueIds: [TOO_BIG] }),
    'body userId of a transfer': await api.put('/tickets/1', { userId: TOO_BIG }),
  };
  for (const [where, res] of Object.entries(answers)) {
    expect([400, 404], `${where}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
  }
  for (const where of ['path /tickets/:id', 'list filter queueIds', 'body contactId', 'body userId of a transfer'] as const) {
    expect(answers[where].statusCode, where).toBe(400);
    expect(answers[where].json().error, where).toBe('ERR_VALIDATION');
  }
});
