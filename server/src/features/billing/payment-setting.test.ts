import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { useTestApp } from '../../test/harness';
import { configureProviders, useFakePayments } from './testing';

const billing = { ...loadConfig({}).billing };
const t = useTestApp({ billing });
const payments = useFakePayments(billing);

describe('GET /companySettingOnePayment', () => {
  test("the caller's company: payment method, recurrence, due date, plan, and the providers the checkout can use; no secret", async () => {
    await configureProviders(t.database.db, payments.fake, ['stripe']);
    const plan = await t.factory.plan();
    const company = await t.factory.company({ planId: plan.id, paymentMethod: 'PIX', recurrence: 'TRIMESTRAL', dueDate: '2099-03-31' });
    const res = await (await t.as(await t.factory.admin({ company }))).get('/companySettingOnePayment');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      companyId: company.id,
      planId: plan.id,
      paymentMethod: 'PIX',
      recurrence: 'TRIMESTRAL',
      dueDate: '2099-03-31',
      providers: ['stripe'],
    });
    expect(res.body).not.toContain(payments.fake.stripe.key);
    expect(res.body).not.toContain(payments.fake.asaas.token);
  });

  test("another company's admin reads its own setting, whatever id it names", async () => {
    const company = await t.factory.company({ paymentMethod: 'PIX' });
    const stranger = await t.factory.admin({ company: await t.factory.company({ paymentMethod: 'Boleto' }) });
    const res = await (await t.as(stranger)).get('/companySettingOnePayment', { companyId: String(company.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ companyId: stranger.companyId, paymentMethod: 'Boleto' });
  });

  test('a user profile gets 403; without a session 401', async () => {
    const refused = await (await t.as(await t.factory.user())).get('/companySettingOnePayment');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');
    expect((await t.anon.get('/companySettingOnePayment')).statusCode).toBe(401);
  });
});
