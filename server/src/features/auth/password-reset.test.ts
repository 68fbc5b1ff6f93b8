import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { passwordResets, userSessions } from '../../db/schema';
import { TEST_PASSWORD } from '../../test/factory';
import { useTestApp } from '../../test/harness';
import * as mailer from './mailer';

const t = useTestApp();

/** Requests a code and captures it where the product sends it (the mailer). */
async function requestCode(email: string): Promise<string> {
  const spy = vi.spyOn(mailer, 'sendResetCode');
  const res = await t.anon.post(`/forgetpassword/${encodeURIComponent(email)}`);
  expect(res.statusCode).toBe(200);
  const code = spy.mock.calls.at(-1)![3];
  spy.mockRestore();
  return code;
}
const reset = (email: string, code: string, password: string) =>
  t.anon.post(`/resetpasswords/${encodeURIComponent(email)}/${code}/${encodeURIComponent(password)}`);

describe('password reset', () => {
  test('an unknown e-mail answers 404 (the page says "Email não encontrado")', async () => {
    const res = await t.anon.post('/forgetpassword/nobody%40nowhere.test');
    expect(res.statusCode).toBe(404);
  });

  test('the code resets the password once; old sessions end; the new password logs in', async () => {
    const user = await t.factory.user();
    const me = await t.as(user);
    const code = await requestCode(user.email);
    expect(code).toMatch(/^\d{6}$/);
    expect((await reset(user.email, code, 'NovaSenha1')).statusCode).toBe(200);
    expect((await me.get('/auth/me')).statusCode).toBe(401);
    const [session] = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    const told = t.sent.find((e) => e.event === `company-${user.companyId}-auth` && e.room === `session:${session.id}`);
    expect(told?.payload).toEqual({ action: 'update', user: { id: user.id } });
    expect((await t.anon.post('/auth/login', { email: user.email, password: 'NovaSenha1' })).statusCode).toBe(200);
    expect((await t.anon.post('/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    // Single use.
    expect((await reset(user.email, code, 'OutraSenha2')).json()).toEqual({ error: 'ERR_INVALID_RESET_CODE' });
  });

  test('a new code replaces the earlier one', async () => {
    const user = await t.factory.user();
    const first = await requestCode(user.email);
    const second = await requestCode(user.email);
    if (first !== second) expect((await reset(user.email, first, 'NovaSenha1')).statusCode).toBe(400);
    expect((await reset(user.email, second, 'NovaSenha1')).statusCode).toBe(200);
  });

  test('an expired code is refused', async () => {
    const user = await t.factory.user();
    const code = await requestCode(user.email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await reset(user.email, code, 'NovaSenha1')).json()).toEqual({ error: 'ERR_INVALID_RESET_CODE' });
  });

  test('five wrong codes burn the code', async () => {
    const user = await t.factory.user();
    const code = await requestCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await reset(user.email, wrong, 'NovaSenha1')).statusCode).toBe(400);
    expect((await reset(user.email, code, 'NovaSenha1')).json()).toEqual({ error: 'ERR_INVALID_RESET_CODE' });
  });

  test('a weak new password gets the spec’s message', async () => {
    const user = await t.factory.user();
    const code = await requestCode(user.email);
    const res = await reset(user.email, code, 'fraca');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].message).toBe(
      'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.',
    );
  });
});
