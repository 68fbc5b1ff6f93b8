import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { helps } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();
const db = () => t.database.db;
const root = async () => t.as(await t.factory.superUser());

describe('help administration (super user)', () => {
  test('create stores the bare video code from a full link; list returns it', async () => {
    const r = await root();
    const res = await r.post('/helps', {
      title: 'Como conectar',
      description: 'Leia o QR code',
      video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3s',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Como conectar', description: 'Leia o QR code', video: 'dQw4w9WgXcQ' });
    const [row] = await db().select().from(helps).where(eq(helps.id, res.json().id));
    expect(row.video).toBe('dQw4w9WgXcQ');
    expect((await r.get('/helps')).json().map((h: { id: number }) => h.id)).toContain(res.json().id);
    expect((await r.get(`/helps/${res.json().id}`)).json()).toEqual(res.json());
  });

  test('update replaces the fields; short links and bare codes both store the code', async () => {
    const r = await root();
    const { id } = (await r.post('/helps', { title: 'Filas', video: 'abc123XYZ' })).json();
    const res = await r.put(`/helps/${id}`, { title: 'Filas e usuários', description: 'Novo', video: 'https://youtu.be/Zx9_-8aaBB1' });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(helps).where(eq(helps.id, id));
    expect(row).toMatchObject({ title: 'Filas e usuários', description: 'Novo', video: 'Zx9_-8aaBB1' });
  });

  test('delete removes the row; unknown ids 404', async () => {
    const r = await root();
    const { id } = (await r.post('/helps', { title: 'Apagar' })).json();
    expect((await r.delete(`/helps/${id}`)).statusCode).toBe(200);
    expect(await db().select().from(helps).where(eq(helps.id, id))).toHaveLength(0);
    expect((await r.delete(`/helps/${id}`)).statusCode).toBe(404);
    expect((await r.put(`/helps/${id}`, { title: 'Nada' })).statusCode).toBe(404);
    expect((await r.get(`/helps/${id}`)).statusCode).toBe(404);
  });

  test('validation: title required, 2 to 100 characters', async () => {
    const r = await root();
    const empty = await r.post('/helps', { title: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields[0]).toMatchObject({ field: 'title', message: 'Obrigatório' });
    expect((await r.post('/helps', { title: 'A' })).json().fields[0]).toMatchObject({ field: 'title', message: 'Muito curto!' });
    expect((await r.post('/helps', { title: 'x'.repeat(101) })).json().fields[0]).toMatchObject({
      field: 'title',
      message: 'Muito longo!',
    });
  });
});

describe('GET /helps/list', () => {
  test('every logged-in user reads id, title, description and video ordered by title', async () => {
    const r = await root();
    const b = (await r.post('/helps', { title: 'Zz último', video: 'zzzzzz1' })).json();
    const a = (await r.post('/helps', { title: 'Aa primeiro', description: 'd', video: 'aaaaaa1' })).json();
    const user = await t.as(await t.factory.user());
    const res = await user.get('/helps/list');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; title: string }[];
    expect(list.findIndex((h) => h.id === a.id)).toBeLessThan(list.findIndex((h) => h.id === b.id));
    expect(list.find((h) => h.id === a.id)).toEqual({ id: a.id, title: 'Aa primeiro', description: 'd', video: 'aaaaaa1' });
    expect((await t.anon.get('/helps/list')).statusCode).toBe(401);
  });
});

describe('permissions', () => {
  test('a non-super admin and a profile user get 403 on administration; anonymous 401', async () => {
    const r = await root();
    const { id } = (await r.post('/helps', { title: 'Protegido' })).json();
    const admin = await t.as(await t.factory.admin());
    const user = await t.as(await t.factory.user());
    const routes = [
      ['GET', '/helps'],
      ['GET', `/helps/${id}`],
      ['POST', '/helps', { title: 'Invasor' }],
      ['PUT', `/helps/${id}`, { title: 'Invasor' }],
      ['DELETE', `/helps/${id}`],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await admin.inject({ method, url, payload: body })).statusCode, `admin ${method} ${url}`).toBe(403);
      expect((await user.inject({ method, url, payload: body })).statusCode, `user ${method} ${url}`).toBe(403);
      expect((await t.anon.inject({ method, url, payload: body })).statusCode, `anon ${method} ${url}`).toBe(401);
    }
    const [row] = await db().select().from(helps).where(eq(helps.id, id));
    expect(row.title).toBe('Protegido');
  });
});
