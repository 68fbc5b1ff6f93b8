import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { hideNumbers, makeContact, makeTag, tagContact } from '../../test/contacts';

const t = useTestApp();
const MASKED = '***********88';

async function company(hide: boolean) {
  const admin = await t.factory.admin();
  const agent = await t.factory.user({ companyId: admin.companyId });
  await hideNumbers(t.database.db, admin.companyId, hide);
  const person = await makeContact(t.database.db, admin.companyId, { name: 'Pessoa', number: '5511999990088' });
  const group = await makeContact(t.database.db, admin.companyId, { name: 'Grupo', number: '120363000000000077', isGroup: true });
  return { admin, agent, person, group };
}

describe('LGPD: lgpdHideNumber hides numbers from profile users (spec 1 §5)', () => {
  test('a profile user sees all but the last 2 digits in every answer; groups are exempt', async () => {
    const { admin, agent, person, group } = await company(true);
    const tag = await makeTag(t.database.db, admin.companyId);
    await tagContact(t.database.db, person.id, tag.id);
    const api = await t.as(agent);
    const list = (await api.get('/contacts')).json().contacts;
    expect(list.find((c: { id: number }) => c.id === person.id).number).toBe(MASKED);
    expect(list.find((c: { id: number }) => c.id === group.id).number).toBe('120363000000000077');
    expect((await api.get(`/contacts/${person.id}`)).json().number).toBe(MASKED);
    expect((await api.get('/contacts/list')).json()).toContainEqual({ id: person.id, name: 'Pessoa', number: MASKED });
    expect((await api.get(`/tags/${tag.id}/contacts`)).json()).toEqual([{ id: person.id, name: 'Pessoa', number: MASKED }]);
    expect((await api.put(`/contacts/block/${person.id}`, { active: false })).json().number).toBe(MASKED);
    const created = await api.post('/contacts', { name: 'Nova', number: '5511999990011' });
    expect(created.json().number).toBe('***********11');
    // Searching still finds the contact, and the answer stays masked.
    expect((await api.get('/contacts', { searchParam: '5511999990088' })).json().contacts.map((c: { number: string }) => c.number)).toEqual(
      [MASKED],
    );
  });

  test('an admin of the same company sees whole numbers', async () => {
    const { admin, person } = await company(true);
    const api = await t.as(admin);
    expect((await api.get(`/contacts/${person.id}`)).json().number).toBe('5511999990088');
    expect((await api.get('/contacts/list')).json()).toContainEqual({ id: person.id, name: 'Pessoa', number: '5511999990088' });
  });

  test('with the setting off a profile user sees whole numbers', async () => {
    const { agent, person } = await company(false);
    expect((await (await t.as(agent)).get(`/contacts/${person.id}`)).json().number).toBe('5511999990088');
  });

  test('events carry the masked number while the company hides numbers (they reach every socket)', async () => {
    const { admin, person } = await company(true);
    await (await t.as(admin)).put(`/contacts/${person.id}`, { name: 'Renomeada' });
    const event = t.sent.findLast((e) => e.event === `company-${admin.companyId}-contact`);
    expect(event?.payload).toMatchObject({ action: 'update', contact: { id: person.id, name: 'Renomeada', number: MASKED } });
  });

  test('a profile user saving the contact form with the masked number keeps the real number', async () => {
    const { agent, person } = await company(true);
    const api = await t.as(agent);
    const res = await api.put(`/contacts/${person.id}`, { name: 'Editada', number: MASKED, email: '' });
    expect(res.statusCode).toBe(200);
    const admin = await t.factory.admin({ companyId: agent.companyId });
    expect((await (await t.as(admin)).get(`/contacts/${person.id}`)).json()).toMatchObject({ name: 'Editada', number: '5511999990088' });
  });

  test('the export follows the same rule', async () => {
    const { admin, agent } = await company(true);
    const numbersIn = async (api: Awaited<ReturnType<typeof t.as>>) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await api.get('/contacts/export')).rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      return sheet.getColumn(2).values.slice(2);
    };
    expect(await numbersIn(await t.as(agent))).toEqual(['120363000000000077', MASKED]);
    expect(await numbersIn(await t.as(admin))).toEqual(['120363000000000077', '5511999990088']);
  });
});
