import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { contacts } from '../../db/schema';
import type { Requester } from '../../test/harness';
import { useTestApp } from '../../test/harness';
import { makeContact } from '../../test/contacts';
import { multipart } from '../../test/multipart';

const t = useTestApp();

const upload = (api: Requester, file: Buffer, filename: string) =>
  api.inject({ method: 'POST', url: '/contacts/upload', ...multipart([{ name: 'file', value: file, filename }]) });

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const companyContacts = (companyId: number) =>
  t.database.db.select().from(contacts).where(eq(contacts.companyId, companyId)).orderBy(contacts.name);

describe('POST /contacts/upload (preview)', () => {
  test('an xlsx answers its header and rows as text; numbers keep every digit; rich text, formulas and empty rows handled', async () => {
    const api = await t.as(await t.factory.user());
    const file = await xlsx([
      ['Nome', 'Número', 'E-mail', ''],
      ['Ana', 5511999990001, 'ana@example.com', 'x'],
      [],
      [{ richText: [{ text: 'Bruno ' }, { text: 'Dias' }] }, '55 (11) 99999-0002', null, null],
      ['Carla', { formula: '5511999990000+3', result: 5511999990003 }, 'carla@example.com', null],
    ]);
    const res = await upload(api, file, 'contatos.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      columns: ['Nome', 'Número', 'E-mail', 'D'],
      rows: [
        ['Ana', '5511999990001', 'ana@example.com', 'x'],
        ['Bruno Dias', '55 (11) 99999-0002', '', ''],
        ['Carla', '5511999990003', 'carla@example.com', ''],
      ],
    });
  });

  test('a csv with semicolons, quotes, CRLF and a BOM; a latin-1 txt; duplicate headers get a suffix', async () => {
    const api = await t.as(await t.factory.user());
    const csv = Buffer.from('\uFEFFnome;numero;email\r\n"Silva; Ana";5511999990001;ana@example.com\r\n"Diz ""oi""";5511999990002;\r\n');
    expect((await upload(api, csv, 'contatos.csv')).json()).toEqual({
      columns: ['nome', 'numero', 'email'],
      rows: [
        ['Silva; Ana', '5511999990001', 'ana@example.com'],
        ['Diz "oi"', '5511999990002', ''],
      ],
    });
    const latin1 = Buffer.from('nome,nome,numero\nJoão,Jó,5511999990003\n', 'latin1');
    expect((await upload(api, latin1, 'lista.txt')).json()).toEqual({
      columns: ['nome', 'nome (2)', 'numero'],
      rows: [['João', 'Jó', '5511999990003']],
    });
  });

  test('an unreadable file is 400 ERR_INVALID_FILE (the page shows "Arquivo inválido!")', async () => {
    const api = await t.as(await t.factory.user());
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const oldXls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);
    const brokenZip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 1)]);
    for (const [file, name] of [
      [png, 'x.xlsx'],
      [oldXls, 'old.xls'],
      [brokenZip, 'broken.xlsx'],
      [Buffer.from(''), 'empty.csv'],
      [Buffer.from('\n\n  \n'), 'blank.csv'],
    ] as const) {
      const res = await upload(api, file, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_INVALID_FILE' });
    }
    expect((await api.post('/contacts/upload', { file: 'x' })).json()).toEqual({ error: 'ERR_INVALID_FILE' });
    const noFile = await api.inject({ method: 'POST', url: '/contacts/upload', ...multipart([{ name: 'x', value: 'y' }]) });
    expect(noFile.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'file', key: 'validation.required', message: 'Obrigatório' }],
    });
  });

  test('a file over 20 MB is 413 ERR_FILE_TOO_LARGE', async () => {
    const api = await t.as(await t.factory.user());
    const res = await upload(api, Buffer.alloc(20 * 1024 * 1024 + 1, 'a'), 'big.csv');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('ERR_FILE_TOO_LARGE');
  });
});

describe('POST /contactsImport (one row per call)', () => {
  test('creates the contact, or answers ignored for a duplicate, a missing field or a bad value', async () => {
    const agent = await t.factory.user();
    await makeContact(t.database.db, agent.companyId, { number: '5511999990009' });
    const api = await t.as(agent);
    const created = await api.post('/contactsImport', { name: 'Ana', number: '5511999990001', email: 'ana@example.com' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Ana', number: '5511999990001', email: 'ana@example.com' });
    expect((await api.post('/contactsImport', { name: 'Dup', number: '55 11 99999-0009' })).json()).toEqual({
      ignored: true,
      reason: 'ERR_DUPLICATED_CONTACT',
    });
    expect((await api.post('/contactsImport', { name: '', number: '5511999990002', email: '' })).json()).toEqual({
      ignored: true,
      reason: 'ERR_VALIDATION',
      fields: [{ field: 'name', key: 'validation.required' }],
    });
    expect((await api.post('/contactsImport', { name: 'Sem número' })).json()).toEqual({
      ignored: true,
      reason: 'ERR_VALIDATION',
      fields: [{ field: 'number', key: 'validation.required' }],
    });
    expect((await api.post('/contactsImport', { name: 'Numérico', number: 5511999990003 })).statusCode).toBe(200);
    expect((await companyContacts(agent.companyId)).map((c) => c.number).sort()).toEqual([
      '5511999990001',
      '5511999990003',
      '5511999990009',
    ]);
    expect(t.sent.findLast((e) => e.event === `company-${agent.companyId}-contact`)?.payload).toMatchObject({ action: 'create' });
  });
});

describe('POST /contacts/import/rows (the batch job)', () => {
  test('imports an uploaded xlsx through the mapping: duplicates and rows missing name or number are ignored and counted', async () => {
    const agent = await t.factory.user();
    await makeContact(t.database.db, agent.companyId, { name: 'Já existe', number: '5511999990002' });
    const api = await t.as(agent);
    const file = await xlsx([
      ['email', 'nome', 'telefone'],
      ['ana@example.com', 'Ana', '5511999990001'],
      ['', 'Bruno', '5511999990002'], // exists already
      ['', 'Carla', ''], // no number
      ['', '', '5511999990004'], // no name
      ['nao-e-email', 'Duda', '5511999990005'], // bad e-mail: the contact form refuses it
      ['', 'Eva', '5511999990006'],
      ['', 'Eva de novo', '55 11 99999-0006'], // twice in the sheet
      ['', 'Fábio', '5511999990007'],
    ]);
    const sheet = (await upload(api, file, 'lista.xlsx')).json();
    const res = await api.post('/contacts/import/rows', {
      mapping: { name: 'nome', number: 'telefone', email: 'email' },
      columns: sheet.columns,
      rows: sheet.rows,
    });
    expect(res.statusCode).toBe(200);
    const { importId, total } = res.json();
    expect(total).toBe(8);
    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);
    const events = t.sent.filter(
      (e) => e.event === `company-${agent.companyId}-contactImport` && (e.payload as { importId: string }).importId === importId,
    );
    expect(events.map((e) => e.payload)).toEqual([
      { action: 'progress', importId, done: 5, total: 8, created: 1, ignored: 4 },
      { action: 'progress', importId, done: 8, total: 8, created: 3, ignored: 5 },
      { action: 'done', importId, done: 8, total: 8, created: 3, ignored: 5 },
    ]);
    expect((await companyContacts(agent.companyId)).map((c) => [c.name, c.number, c.email])).toEqual([
      ['Ana', '5511999990001', 'ana@example.com'],
      ['Eva', '5511999990006', ''],
      ['Fábio', '5511999990007', ''],
      ['Já existe', '5511999990002', ''],
    ]);
  });

  test('imports a csv by column index, and object rows keyed by header', async () => {
    const agent = await t.factory.user();
    const api = await t.as(agent);
    const sheet = (await upload(api, Buffer.from('numero,nome\n5511999990011,Gil\n5511999990012,Hugo\n'), 'l.csv')).json();
    await api.post('/contacts/import/rows', { mapping: { name: 1, number: 0 }, rows: sheet.rows });
    await api.post('/contacts/import/rows', {
      mapping: { name: 'Nome', number: 'Fone', email: '' },
      rows: [{ Nome: 'Iara', Fone: 5511999990013 }],
    });
    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);
    expect((await companyContacts(agent.companyId)).map((c) => c.name)).toEqual(['Gil', 'Hugo', 'Iara']);
  });

  test('the mapping needs name and number, a column feeds one field, and at least one row is sent', async () => {
    const api = await t.as(await t.factory.user());
    const fieldsOf = async (body: unknown) => (await api.post('/contacts/import/rows', body)).json().fields;
    expect(await fieldsOf({ mapping: { name: 'nome', number: '' }, columns: ['nome'], rows: [['x']] })).toEqual([
      { field: 'mapping.number', key: 'validation.required', message: 'Obrigatório' },
    ]);
    expect(await fieldsOf({ mapping: { name: 0, number: 0 }, rows: [['x']] })).toEqual([
      { field: 'mapping.number', key: 'validation.invalid', message: 'Valor inválido' },
    ]);
    expect(await fieldsOf({ mapping: { name: 0, number: 1 }, rows: [] })).toEqual([
      { field: 'rows', key: 'validation.required', message: 'Obrigatório' },
    ]);
    expect(await fieldsOf({ mapping: { name: 'nome', number: 'fone' }, columns: ['nome'], rows: [['a', 'b']] })).toEqual([
      { field: 'mapping.number', key: 'validation.invalid', message: 'Valor inválido' },
    ]);
  });

  test("contacts land in the caller's company only", async () => {
    const agent = await t.factory.user();
    const other = await t.factory.user();
    await (await t.as(agent)).post('/contacts/import/rows', {
      mapping: { name: 0, number: 1 },
      rows: [['Jade', '5511999990021']],
      companyId: other.companyId,
    });
    await t.jobs.drain();
    expect(
      await t.database.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, other.companyId))),
    ).toEqual([]);
    expect((await companyContacts(agent.companyId)).map((c) => c.name)).toEqual(['Jade']);
  });
});
