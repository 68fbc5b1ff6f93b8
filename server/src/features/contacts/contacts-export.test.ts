import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { contacts } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { makeContact, makeTag, tagContact } from '../../test/contacts';
import { multipart } from '../../test/multipart';

const t = useTestApp();

async function sheetRows(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET /contacts/export', () => {
  test("streams an xlsx of the company's contacts (name, number, email, tags) that reads back whole", async () => {
    const agent = await t.factory.user();
    const db = t.database.db;
    const vip = await makeTag(db, agent.companyId, { name: 'VIP' });
    const lead = await makeTag(db, agent.companyId, { name: 'Lead' });
    const ana = await makeContact(db, agent.companyId, { name: 'Ana', number: '5511999990001', email: 'ana@example.com' });
    await makeContact(db, agent.companyId, { name: 'Bruno', number: '5511999990002' });
    await tagContact(db, ana.id, vip.id);
    await tagContact(db, ana.id, lead.id);
    await makeContact(db, (await t.factory.company()).id, { name: 'De outra empresa' });
    const res = await (await t.as(agent)).get('/contacts/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contatos.xlsx"');
    expect(await sheetRows(res.rawPayload)).toEqual([
      ['name', 'number', 'email', 'tags'],
      ['Ana', '5511999990001', 'ana@example.com', 'Lead, VIP'],
      ['Bruno', '5511999990002'], // empty cells are not written
    ]);
  });

  test('a large company is written batch after batch, in name order', async () => {
    const agent = await t.factory.user();
    const values = Array.from({ length: 1203 }, (_, i) => ({
      name: `Pessoa ${String(i).padStart(4, '0')}`,
      number: `5511${String(i).padStart(9, '0')}`,
    }));
    await t.database.db.insert(contacts).values(values.map((v) => ({ ...v, companyId: agent.companyId })));
    const rows = await sheetRows((await (await t.as(agent)).get('/contacts/export')).rawPayload);
    expect(rows).toHaveLength(1204);
    expect(rows.slice(1).map((r) => r[0])).toEqual(values.map((v) => v.name));
  });

  test('an exported file imports back through the preview with the same columns', async () => {
    const agent = await t.factory.user();
    await makeContact(t.database.db, agent.companyId, { name: 'Carla', number: '5511999990003' });
    const api = await t.as(agent);
    const file = (await api.get('/contacts/export')).rawPayload;
    const preview = await api.inject({
      method: 'POST',
      url: '/contacts/upload',
      ...multipart([{ name: 'file', value: file, filename: 'contatos.xlsx' }]),
    });
    expect(preview.json()).toEqual({ columns: ['name', 'number', 'email', 'tags'], rows: [['Carla', '5511999990003', '', '']] });
  });

  test('an empty company gets a sheet with the header only; no token is 401', async () => {
    const agent = await t.factory.user();
    expect(await sheetRows((await (await t.as(agent)).get('/contacts/export')).rawPayload)).toEqual([['name', 'number', 'email', 'tags']]);
    expect((await t.anon.get('/contacts/export')).statusCode).toBe(401);
  });
});
