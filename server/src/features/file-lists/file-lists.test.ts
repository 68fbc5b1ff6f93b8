import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { fileListOptions, fileLists } from '../../db/schema';
import type { Requester } from '../../test/harness';
import { useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';

const t = useTestApp();

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
const upload = (api: Requester, listId: number, fileId: number, file: Buffer, filename = 'foto.png') =>
  api.inject({
    method: 'POST',
    url: `/files/uploadList/${listId}`,
    ...multipart([
      { name: 'fileId', value: String(fileId) },
      { name: 'typeArch', value: 'fileList' },
      { name: 'files', value: file, filename, type: 'image/png' },
    ]),
  });
const onDisk = (url: string) => path.join(t.config.dataDir, url.replace(/^\//, ''));
const fieldsOf = (res: { json(): { fields: { field: string; key: string; message: string }[] } }) =>
  res.json().fields.map((f) => [f.field, f.key, f.message]);

test('an admin creates a file list with options, uploads a file per option, and reads it back', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const created = await api.post('/files', {
    name: 'Catálogo',
    message: 'Segue o catálogo',
    options: [{ name: 'Foto' }, { name: 'Tabela' }],
    userId: 999,
  });
  expect(created.statusCode).toBe(200);
  const list = created.json();
  expect(list).toMatchObject({ name: 'Catálogo', message: 'Segue o catálogo', userId: admin.id });
  expect(list.options.map((o: { name: string; path: string }) => [o.name, o.path])).toEqual([
    ['Foto', ''],
    ['Tabela', ''],
  ]);
  const up = await upload(api, list.id, list.options[0].id, await png());
  expect(up.statusCode).toBe(200);
  const photo = up.json().options[0];
  expect(photo).toMatchObject({ name: 'Foto', mediaType: 'image' });
  expect(photo.path).toMatch(new RegExp(`^/public/company${admin.companyId}/fileList/[0-9a-f]+\\.png$`));
  expect(existsSync(onDisk(photo.path))).toBe(true);
  expect((await api.get(`/files/${list.id}`)).json()).toEqual(up.json());
  expect(t.sent.filter((e) => e.event === `company-${admin.companyId}-file`).map((e) => (e.payload as { action: string }).action)).toEqual([
    'create',
    'update',
  ]);
});

test('PUT keeps options sent with their id (and their file), removes the others with their files; DELETE removes the list', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const list = (await api.post('/files', { name: 'Catálogo', message: 'Segue', options: [{ name: 'Foto' }, { name: 'Tabela' }] })).json();
  const withFile = (await upload(api, list.id, list.options[1].id, await png())).json();
  const keptFile = withFile.options[1].path;
  const photo = (await upload(api, list.id, list.options[0].id, await png())).json().options[0];
  const res = await api.put(`/files/${list.id}`, {
    name: 'Catálogo novo',
    options: [{ ...withFile.options[1], name: 'Tabela 2025' }, { name: 'Vídeo' }],
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().options.map((o: { name: string; path: string }) => [o.name, o.path])).toEqual([
    ['Tabela 2025', keptFile],
    ['Vídeo', ''],
  ]);
  expect(existsSync(onDisk(photo.path))).toBe(false);
  expect((await api.delete(`/files/${list.id}`)).statusCode).toBe(200);
  expect(await t.database.db.select().from(fileListOptions).where(eq(fileListOptions.fileListId, list.id))).toEqual([]);
});

test('validation: name required and at least 3 characters (nome muito curto), message required, option names required', async () => {
  const api = await t.as(await t.factory.admin());
  const empty = await api.post('/files', { name: '', message: '' });
  expect(fieldsOf(empty)).toEqual([
    ['name', 'validation.required', 'Obrigatório'],
    ['message', 'validation.required', 'Obrigatório'],
  ]);
  const short = await api.post('/files', { name: 'ab', message: 'ok', options: [{ name: '' }] });
  expect(fieldsOf(short)).toEqual([
    ['name', 'validation.nameTooShort', 'nome muito curto'],
    ['options.0.name', 'validation.required', 'Obrigatório'],
  ]);
});

test('an upload needs an option of the list and a file whose bytes are an allowed type', async () => {
  const api = await t.as(await t.factory.admin());
  const list = (await api.post('/files', { name: 'Catálogo', message: 'Segue', options: [{ name: 'Foto' }] })).json();
  const other = (await api.post('/files', { name: 'Outra', message: 'Segue', options: [{ name: 'Doc' }] })).json();
  const wrongOption = await upload(api, list.id, other.options[0].id, await png());
  expect(wrongOption.json().fields).toEqual([expect.objectContaining({ field: 'fileId', key: 'validation.invalid' })]);
  const html = await upload(api, list.id, list.options[0].id, Buffer.from('<html><script>alert(1)</script></html>'), 'x.html');
  expect(html.statusCode).toBe(400);
  expect(html.json()).toMatchObject({ error: 'ERR_INVALID_FILE' });
});

test('GET /files pages by name with searchParam and hasMore, only the company own lists', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  for (let i = 0; i < 21; i++)
    await t.database.db.insert(fileLists).values({ companyId: admin.companyId, name: `Lista ${String(i).padStart(2, '0')}`, message: 'm' });
  await t.database.db.insert(fileLists).values({ companyId: admin.companyId, name: 'Preços', message: 'm' });
  const first = (await api.get('/files')).json();
  expect(first.files).toHaveLength(20);
  expect(first.hasMore).toBe(true);
  expect((await api.get('/files', { pageNumber: '2' })).json()).toMatchObject({ hasMore: false, count: 22 });
  expect((await api.get('/files/', { searchParam: 'preç' })).json().files.map((f: { name: string }) => f.name)).toEqual(['Preços']);
  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.get('/files')).json()).toMatchObject({ files: [], hasMore: false });
});

test('another company admin gets 404 on every /files/:id route; a profile user gets 403 on all of them', async () => {
  const admin = await t.factory.admin();
  const list = (await (await t.as(admin)).post('/files', { name: 'Catálogo', message: 'Segue', options: [{ name: 'Foto' }] })).json();
  const stranger = await t.as(await t.factory.admin());
  for (const res of [
    await stranger.get(`/files/${list.id}`),
    await stranger.put(`/files/${list.id}`, { name: 'Invadida' }),
    await stranger.delete(`/files/${list.id}`),
    await upload(stranger, list.id, list.options[0].id, await png()),
  ])
    expect(res.statusCode).toBe(404);
  const user = await t.as(await t.factory.user({ companyId: admin.companyId }));
  for (const res of [
    await user.get('/files'),
    await user.get(`/files/${list.id}`),
    await user.post('/files', { name: 'Nova', message: 'x' }),
    await user.put(`/files/${list.id}`, { name: 'Mudada' }),
    await user.delete(`/files/${list.id}`),
    await upload(user, list.id, list.options[0].id, await png()),
  ]) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  }
  const [row] = await t.database.db.select().from(fileLists).where(eq(fileLists.id, list.id));
  expect(row.name).toBe('Catálogo');
});
