import { expect, test } from 'vitest';
import { flows } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const flowOf = async (companyId: number) =>
  (await t.database.db.insert(flows).values({ companyId, name: 'Fluxo', flow: null }).returning())[0];

test("the default flow tab saves the welcome and not-phrase flows; another company's flow is refused", async () => {
  const admin = await t.factory.admin();
  const welcome = await flowOf(admin.companyId);
  const notPhrase = await flowOf(admin.companyId);
  const theirs = await flowOf((await t.factory.company()).id);
  const api = await t.as(admin);
  const created = await api.post('/whatsapp', { name: 'Sim', provider: 'simulator', flowIdWelcome: welcome.id });
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json()).toMatchObject({ flowIdWelcome: welcome.id, flowIdNotPhrase: null });
  const id = created.json().id;
  const edited = await api.put(`/whatsapp/${id}`, { flowIdWelcome: '', flowIdNotPhrase: notPhrase.id });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject({ flowIdWelcome: null, flowIdNotPhrase: notPhrase.id });
  expect((await api.put(`/whatsapp/${id}`, { flowIdNotPhrase: theirs.id })).statusCode).toBe(404);
  expect((await api.post('/whatsapp', { name: 'Outra', provider: 'simulator', flowIdWelcome: theirs.id })).statusCode).toBe(404);
});
