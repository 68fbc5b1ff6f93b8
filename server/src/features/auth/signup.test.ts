import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companies, globalSettings, settings, users } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();
let seq = 0;
const payload = (planId: number, over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    companyName: `Acme ${Date.now()}-${seq}`,
    name: 'Maria',
    email: `maria${Date.now()}${seq}@acme.test`,
    password: 'secret1',
    phone: '5511999990000',
    planId,
    ...over,
  };
};

describe('POST /auth/signup', () => {
  test('creates the company on the chosen plan with a trial due date, its settings and an admin who can log in', async () => {
    const plan = await t.factory.plan({ trialDays: 14, isPublic: true });
    const body = payload(plan.id);
    const res = await t.anon.post('/auth/signup', body);
    expect(res.statusCode).toBe(200);
    const { companyId } = res.json();
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company).toMatchObject({ name: body.companyName, planId: plan.id, dueDate: addDays(todayIn(DEFAULT_TIME_ZONE), 14) });
    const [admin] = await t.database.db.select().from(users).where(eq(users.companyId, companyId));
    expect(admin).toMatchObject({ email: body.email, profile: 'admin', super: false });
    expect((await t.database.db.select().from(settings).where(eq(settings.companyId, companyId))).length).toBeGreaterThan(10);
    const login = await t.anon.post('/auth/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
  });

  test("a company signed up in Spanish reports in the spec's Spanish time zone (America/Monterrey), any other in São Paulo's", async () => {
    const plan = await t.factory.plan({ isPublic: true });
    const zoneAfter = async (language?: string) => {
      const body = payload(plan.id, language ? { language } : {});
      expect((await t.anon.post('/auth/signup', body)).statusCode).toBe(200);
      const login = await t.anon.post('/auth/login', { email: body.email, password: body.password });
      const report = await t.anon.inject({
        method: 'GET',
        url: '/ticketreport/reports',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(report.statusCode, report.body).toBe(200);
      return report.json().timeZone;
    };
    expect(await zoneAfter('es')).toBe('America/Monterrey');
    expect(await zoneAfter('pt')).toBe('America/Sao_Paulo');
    expect(await zoneAfter()).toBe('America/Sao_Paulo');
  });

  test('keeps the referring company from ?companyId', async () => {
    const plan = await t.factory.plan();
    const res = await t.anon.post('/auth/signup', payload(plan.id, { companyId: 1 }));
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, res.json().companyId));
    expect(company.referrerCompanyId).toBe(1);
  });

  test('validation messages are the spec’s', async () => {
    const plan = await t.factory.plan();
    const res = await t.anon.post('/auth/signup', {
      ...payload(plan.id),
      name: 'M',
      companyName: '',
      password: '123',
      email: 'x',
      phone: '',
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().fields.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(fields).toMatchObject({
      name: 'Muito curto!',
      companyName: 'Obrigatório',
      password: 'Muito curto!',
      email: 'E-mail inválido',
      phone: 'Obrigatório',
    });
    const long = await t.anon.post('/auth/signup', { ...payload(plan.id), name: 'x'.repeat(51) });
    expect(long.json().fields[0]).toMatchObject({ field: 'name', message: 'Muito longo!' });
  });

  test('a duplicated e-mail or company name is refused', async () => {
    const plan = await t.factory.plan();
    const first = payload(plan.id);
    expect((await t.anon.post('/auth/signup', first)).statusCode).toBe(200);
    const sameEmail = await t.anon.post('/auth/signup', { ...payload(plan.id), email: first.email.toUpperCase() });
    expect(sameEmail.json()).toEqual({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
    const sameName = await t.anon.post('/auth/signup', { ...payload(plan.id), companyName: first.companyName });
    expect(sameName.json()).toEqual({ error: 'ERR_COMPANY_NAME_ALREADY_EXISTS' });
  });

  test('a private plan cannot be chosen', async () => {
    const plan = await t.factory.plan({ isPublic: false });
    const res = await t.anon.post('/auth/signup', payload(plan.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].field).toBe('planId');
  });

  test('ERR_USER_CREATION_DISABLED while the global userCreation setting is off', async () => {
    const plan = await t.factory.plan();
    await t.database.db.update(globalSettings).set({ value: 'disabled' }).where(eq(globalSettings.key, 'userCreation'));
    try {
      const res = await t.anon.post('/auth/signup', payload(plan.id));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_USER_CREATION_DISABLED' });
    } finally {
      await t.database.db.update(globalSettings).set({ value: 'enabled' }).where(eq(globalSettings.key, 'userCreation'));
    }
  });
});
