import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { contacts, messages, queues } from '../db/schema';
import { useTestApp } from '../test/harness';
import { customerNumber, customerOf, simulatorConnection } from '../test/simulator';

const t = useTestApp();
const NUL = '\u0000';

describe('U+0000 is removed from whatever a caller sends, never a 500', () => {
  test('in a body: the record is stored without it', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const contact = await api.post('/contacts', { name: `Ana${NUL} Souza`, number: '5511999991234', email: '' });
    expect(contact.statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(contacts).where(eq(contacts.id, contact.json().id));
    expect(stored.name).toBe('Ana Souza');

    const queue = await api.post('/queue', { name: `Fila${NUL}`, color: '#123456', greetingMessage: `Olá${NUL}` });
    expect(queue.statusCode).toBe(200);
    const [q] = await t.database.db.select().from(queues).where(eq(queues.id, queue.json().id));
    expect([q.name, q.greetingMessage]).toEqual(['Fila', 'Olá']);
  });

  test('in a query parameter: lists and searches answer', async () => {
    const api = await t.as(await t.factory.admin());
    for (const [url, query] of [
      ['/tickets', { searchParam: `a${NUL}b`, showAll: 'true' }],
      ['/contacts', { searchParam: `${NUL}` }],
      ['/users', { searchParam: `x${NUL}` }],
      ['/queue', {}],
    ] as const) {
      const res = await api.get(url, query);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  test('from a provider: the message is stored cleaned, not refused', async () => {
    const admin = await t.factory.admin();
    const connection = await simulatorConnection(t, admin);
    const sent = await customerOf(t, connection).send({ from: customerNumber(), name: `Cli${NUL}ente`, body: `oi${NUL} tudo bem` });
    expect(sent.statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, sent.json().messageId));
    expect(stored.body).toBe('oi tudo bem');
  });
});
