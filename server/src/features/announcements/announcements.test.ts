import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { type Requester, useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';

const t = useTestApp();

const image = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#a00' } })
    .toFormat(format)
    .toBuffer();
const upload = (api: Requester, id: number, file: Buffer, filename: string, type = 'image/png') =>
  api.inject({
    method: 'POST',
    url: `/announcements/${id}/media-upload`,
    ...multipart([
      { name: 'typeArch', value: 'announcements' },
      { name: 'file', value: file, filename, type },
    ]),
  });
const onDisk = (url: string) => path.join(t.config.dataDir, url.replace(/^\//, ''));

async function superApi() {
  return t.as(await t.factory.superUser());
}

describe('super company CRUD', () => {
  test('creates with the defaults (priority 3, active), edits and deletes', async () => {
    const api = await superApi();
    const created = await api.post('/announcements', { title: 'Manutenção', text: 'Sábado às 22h' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ title: 'Manutenção', text: 'Sábado às 22h', priority: 3, status: true, mediaPath: null });
    const id = created.json().id;
    const edited = await api.put(`/announcements/${id}`, { title: 'Manutenção', text: 'Domingo', priority: 1, status: false });
    expect(edited.json()).toMatchObject({ priority: 1, status: false, text: 'Domingo' });
    expect((await api.get(`/announcements/${id}`)).json().status).toBe(false); // the super company sees inactive ones
    expect((await api.delete(`/announcements/${id}`)).statusCode).toBe(200);
    expect((await api.get(`/announcements/${id}`)).statusCode).toBe(404);
  });

  test('title and text are required, the priority is 1 to 3', async () => {
    const api = await superApi();
    const res = await api.post('/announcements', { title: '', text: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'title', key: 'validation.required', message: 'Obrigatório' },
      { field: 'text', key: 'validation.required', message: 'Obrigatório' },
    ]);
    const bad = await api.post('/announcements', { title: 'a', text: 'b', priority: 4 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('priority');
  });

  test('users of other companies, admins included, get 403 on every writing route', async () => {
    const api = await superApi();
    const { id } = (await api.post('/announcements', { title: 'Aviso', text: 'texto' })).json();
    for (const user of [await t.factory.admin(), await t.factory.user()]) {
      const other = await t.as(user);
      expect((await other.post('/announcements', { title: 'x', text: 'y' })).statusCode).toBe(403);
      expect((await other.put(`/announcements/${id}`, { title: 'x', text: 'y' })).statusCode).toBe(403);
      expect((await other.delete(`/announcements/${id}`)).statusCode).toBe(403);
      expect((await upload(other, id, await image('png'), 'a.png')).statusCode).toBe(403);
      expect((await other.delete(`/announcements/${id}/media-upload`)).statusCode).toBe(403);
    }
  });
});

describe('reading, for every user', () => {
  test('any user lists and opens the active announcements only, newest first; the super company sees all', async () => {
    const api = await superApi();
    const active = (await api.post('/announcements', { title: 'Ativo', text: 'para todos', priority: 1 })).json();
    const hidden = (await api.post('/announcements', { title: 'Rascunho', text: 'ainda não', status: false })).json();
    const reader = await t.as(await t.factory.user());
    const listed = (await reader.get('/announcements/')).json();
    expect(listed.records.map((a: { id: number }) => a.id)).toContain(active.id);
    expect(listed.records.map((a: { id: number }) => a.id)).not.toContain(hidden.id);
    expect((await reader.get(`/announcements/${active.id}`)).json().title).toBe('Ativo');
    expect((await reader.get(`/announcements/${hidden.id}`)).statusCode).toBe(404);
    const all = (await api.get('/announcements', { searchParam: 'rascunho' })).json();
    expect(all.records.map((a: { id: number }) => a.id)).toEqual([hidden.id]);
    expect(Object.keys(listed.records[0])).not.toContain('companyId');
  });
});

describe('media (png, jpg, jpeg only)', () => {
  test('a png or jpeg is stored and shown; the previous picture goes; detaching removes the file', async () => {
    const api = await superApi();
    const { id } = (await api.post('/announcements', { title: 'Com foto', text: 'veja' })).json();
    const png = await upload(api, id, await image('png'), 'banner.png');
    expect(png.statusCode).toBe(200);
    expect(png.json().mediaName).toBe('banner.png');
    expect(png.json().mediaPath).toMatch(/^\/public\/company\d+\/announcements\/[0-9a-f]{32}\.png$/);
    const jpeg = await upload(api, id, await image('jpeg'), 'foto.jpeg', 'image/jpeg');
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().mediaPath).toMatch(/\.jpg$/);
    expect(existsSync(onDisk(png.json().mediaPath))).toBe(false);
    const detached = await api.delete(`/announcements/${id}/media-upload`);
    expect(detached.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(existsSync(onDisk(jpeg.json().mediaPath))).toBe(false);
  });

  test('other types are refused by their bytes, whatever the name says', async () => {
    const api = await superApi();
    const { id } = (await api.post('/announcements', { title: 'Sem foto', text: 'x' })).json();
    for (const [file, name] of [
      [await image('webp'), 'disfarce.png'],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'), 'doc.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.jpg'],
      [Buffer.alloc(0), 'vazio.png'],
    ] as const) {
      const res = await upload(api, id, file, name);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('ERR_INVALID_FILE');
    }
    expect((await api.get(`/announcements/${id}`)).json().mediaPath).toBeNull();
  });
});

describe('realtime', () => {
  test('company-announcement reaches every company; an inactive one is sent as a delete', async () => {
    const api = await superApi();
    const someCompany = (await t.factory.user()).companyId;
    const created = (await api.post('/announcements', { title: 'Todos', text: 'aviso geral' })).json();
    const toSomeCompany = () => t.sent.filter((s) => s.event === 'company-announcement' && s.companyId === someCompany);
    expect(toSomeCompany().at(-1)?.payload).toMatchObject({ action: 'create', record: { id: created.id, title: 'Todos' } });
    await api.put(`/announcements/${created.id}`, { title: 'Todos', text: 'rascunho secreto', status: false });
    expect(toSomeCompany().at(-1)?.payload).toEqual({ action: 'delete', id: created.id });
    expect(JSON.stringify(t.sent)).not.toContain('rascunho secreto');
  });
});
