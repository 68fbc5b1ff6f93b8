import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import type { BaileysProvider } from '../channels/baileys';
import { connections } from '../db/schema';
import { useTestApp } from '../test/harness';
import { customerNumber } from '../test/simulator';
import { FakeWhatsApp } from '../test/whatsapp-web';
import { registerWhatsappWeb } from './channels';

/**
 * A number that is not on WhatsApp is refused when a contact is added or its number changed, on a
 * company whose default connection is WhatsApp Web with its session connected (issue 31): the session
 * asks onWhatsApp (the fake phone's world says which numbers are not on it). Without a connected
 * session the number is accepted, as before.
 */
const t = useTestApp();
const whatsapp = new FakeWhatsApp();
const deps = () => ({ db: t.database.db, realtime: t.app.realtime, log: t.app.log, config: t.config, jobs: t.jobs });

beforeAll(() => registerWhatsappWeb(t.channels, deps, whatsapp));

test('contact add and number edit ask the default WhatsApp Web session; without one, accepted as before', async () => {
  const admin = await t.factory.admin();
  const [conn] = await t.database.db
    .insert(connections)
    .values({
      companyId: admin.companyId,
      name: `WA ${randomBytes(3).toString('hex')}`,
      provider: 'beta',
      isDefault: true,
      token: randomBytes(15).toString('hex'),
    })
    .returning();
  const p = (await t.channels.providerFor(conn.id)) as BaileysProvider;
  const socket = whatsapp.last;
  socket.showQr();
  await socket.pair(customerNumber());
  await p.settled();
  expect((await t.database.db.select().from(connections).where(eq(connections.id, conn.id)))[0].status).toBe('CONNECTED');

  const api = await t.as(admin);
  const [absent, present, other] = [customerNumber(), customerNumber(), customerNumber()];
  whatsapp.notOnWhatsApp.add(absent);
  const refused = await api.post('/contacts', { name: 'Sem WhatsApp', number: absent });
  expect(refused.statusCode, refused.body).toBe(400);
  expect(refused.json().error).toBe('ERR_WAPP_INVALID_CONTACT');
  const added = await api.post('/contacts', { name: 'Com WhatsApp', number: present });
  expect(added.statusCode, added.body).toBe(200);
  // An edit that changes the number asks again; one that keeps it does not.
  const edited = await api.put(`/contacts/${added.json().id}`, { number: absent });
  expect(edited.statusCode).toBe(400);
  expect(edited.json().error).toBe('ERR_WAPP_INVALID_CONTACT');
  expect((await api.put(`/contacts/${added.json().id}`, { name: 'Renomeado', number: present })).statusCode).toBe(200);

  // No connected session: nobody to ask, the number is accepted.
  await t.channels.stop(conn.id);
  whatsapp.notOnWhatsApp.add(other);
  expect((await api.post('/contacts', { name: 'Aceito', number: other })).statusCode).toBe(200);
});
