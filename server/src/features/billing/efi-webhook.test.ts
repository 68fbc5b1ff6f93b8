import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Config } from '../../config';
import { companies, invoiceCharges, invoices } from '../../db/schema';
import { FakeEfi } from '../../test/fake-efi';
import { useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { makeTestPki, type TestPki } from '../../test/payment-certificates';
import { setGlobalSetting } from '../settings';
import { invoiceFor } from './testing';

// The Efí webhook registration of the settings screen and the calls Efí then makes (issue 19), against
// the fake Efí API (mutual TLS, OAuth token, Efí's webhook rules).

const CLIENT = { id: 'Client_Id_webhook', secret: 'Client_Secret_webhook' };
const PIX_KEY = 'pix+cobranca@chatflow.example';
const OUR_URL = 'https://chatflow.example/subscription/webhook/efi';
const efi: Config['efi'] = { apiUrl: '', caFile: null };
const t = useTestApp({ publicUrl: 'https://chatflow.example/', efi });
let pki: TestPki;
let fake: FakeEfi;

beforeAll(async () => {
  pki = makeTestPki();
  efi.caFile = path.join(mkdtempSync(path.join(tmpdir(), 'efi-ca-')), 'ca.pem');
  writeFileSync(efi.caFile, pki.ca);
  fake = await new FakeEfi(pki, CLIENT, PIX_KEY).start();
  efi.apiUrl = fake.url;
});
afterAll(() => fake.stop());

const superApi = async () => t.as(await t.factory.superUser());

/** The super user's Efí section, filled in: three secrets and the .p12 of the certificate tab. */
async function configureEfi() {
  const api = await superApi();
  for (const [key, value] of [
    ['efiClientId', CLIENT.id],
    ['efiClientSecret', CLIENT.secret],
    ['efiPixKey', PIX_KEY],
  ])
    expect((await api.put(`/settings/${key}`, { value })).statusCode).toBe(200);
  const form = multipart([{ name: 'file', value: pki.clientP12, filename: 'producao.p12', type: 'application/x-pkcs12' }]);
  expect((await api.inject({ method: 'POST', url: '/settings/cert-upload?ref=efi', ...form })).statusCode).toBe(200);
}

const webhookPuts = () => fake.calls.filter((c) => c.method === 'PUT' && c.path.startsWith('/v2/webhook/')).length;

describe('registering the Efí webhook (PUT /settings/efi-webhook)', () => {
  beforeEach(async () => {
    fake.webhooks.clear();
    await configureEfi();
  });

  test("registers this server's URL for the pix key, read back by GET; a repeated save writes nothing", async () => {
    const api = await superApi();
    expect((await api.get('/settings/efi-webhook')).json()).toEqual({ configured: true, webhookUrl: OUR_URL, registeredUrl: null });

    const res = await api.put('/settings/efi-webhook');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ configured: true, webhookUrl: OUR_URL, registeredUrl: OUR_URL });
    expect(fake.webhooks.get(PIX_KEY)?.webhookUrl).toBe(OUR_URL);
    // The key travels encoded in the path ('+' and '@' are a pix key's usual characters).
    expect(fake.calls.at(-1)).toEqual({ method: 'PUT', path: `/v2/webhook/${encodeURIComponent(PIX_KEY)}` });

    const puts = webhookPuts();
    expect((await api.put('/settings/efi-webhook')).json().registeredUrl).toBe(OUR_URL);
    expect((await api.put('/settings/efi-webhook')).statusCode).toBe(200);
    expect(webhookPuts()).toBe(puts);
    expect((await api.get('/settings/efi-webhook')).json().registeredUrl).toBe(OUR_URL);
  });

  test('a key registered to another address is moved to this server', async () => {
    fake.webhooks.set(PIX_KEY, { webhookUrl: 'https://old.example/hook', chave: PIX_KEY, criacao: new Date().toISOString() });
    const api = await superApi();
    expect((await api.get('/settings/efi-webhook')).json().registeredUrl).toBe('https://old.example/hook');
    expect((await api.put('/settings/efi-webhook')).json().registeredUrl).toBe(OUR_URL);
    expect(fake.webhooks.get(PIX_KEY)?.webhookUrl).toBe(OUR_URL);
  });

  test("Efí's refusal reaches the super user with Efí's message; nothing is registered", async () => {
    fake.refuseNextWebhook = { status: 400, nome: 'webhook_invalido', mensagem: 'A URL do webhook não respondeu' };
    const api = await superApi();
    const res = await api.put('/settings/efi-webhook');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: 'ERR_EFI_WEBHOOK_REFUSED', status: 400, detail: 'A URL do webhook não respondeu' });
    expect(fake.webhooks.has(PIX_KEY)).toBe(false);

    await api.put('/settings/efiClientSecret', { value: 'wrong-secret' });
    const wrong = await api.put('/settings/efi-webhook');
    expect(wrong.statusCode).toBe(502);
    expect(wrong.json()).toMatchObject({ error: 'ERR_EFI_WEBHOOK_REFUSED', status: 401, detail: 'Invalid or inactive credentials' });
    const status = await api.get('/settings/efi-webhook');
    expect(status.statusCode).toBe(502);
    expect(status.json().error).toBe('ERR_EFI_WEBHOOK_REFUSED');
  });

  test('an Efí that cannot be reached, or a certificate it refuses, is ERR_EFI_UNREACHABLE', async () => {
    const api = await superApi();
    const form = multipart([{ name: 'file', value: pki.strangerP12, filename: 'outra.p12', type: 'application/x-pkcs12' }]);
    await api.inject({ method: 'POST', url: '/settings/cert-upload?ref=efi', ...form });
    const refused = await api.put('/settings/efi-webhook');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe('ERR_EFI_UNREACHABLE');
    expect(typeof refused.json().detail).toBe('string');
    expect(fake.webhooks.has(PIX_KEY)).toBe(false);

    await configureEfi();
    efi.apiUrl = 'https://127.0.0.1:1'; // nothing listens there
    try {
      const down = await api.put('/settings/efi-webhook');
      expect(down.statusCode).toBe(502);
      expect(down.json().error).toBe('ERR_EFI_UNREACHABLE');
    } finally {
      efi.apiUrl = fake.url;
    }
  });

  test('until client id, secret, pix key and certificate are all set nothing is asked of Efí', async () => {
    const api = await superApi();
    await api.put('/settings/efiPixKey', { value: '' });
    const calls = fake.calls.length;
    expect((await api.get('/settings/efi-webhook')).json()).toEqual({ configured: false, webhookUrl: OUR_URL, registeredUrl: null });
    const res = await api.put('/settings/efi-webhook');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_EFI_NOT_CONFIGURED');
    expect(fake.calls.length).toBe(calls);
  });

  test("only the platform's super user reaches it: a company admin and a user get 403", async () => {
    const company = await t.factory.company();
    for (const who of [await t.factory.admin({ company }), await t.factory.user({ company, profile: 'user' })]) {
      const api = await t.as(who);
      expect((await api.get('/settings/efi-webhook')).statusCode).toBe(403);
      expect((await api.put('/settings/efi-webhook')).statusCode).toBe(403);
    }
    expect(fake.webhooks.has(PIX_KEY)).toBe(false);
  });
});

describe("Efí's calls to the registered URL", () => {
  /** A company with an open invoice checked out through Efí; answers the charge's txid. */
  async function efiCharge() {
    await configureEfi();
    for (const key of ['asaasToken', 'stripePrivateKey', 'mpAccessToken']) await setGlobalSetting(t.database.db, key, '');
    const company = await t.factory.company({ recurrence: 'MENSAL', dueDate: '2099-01-10' });
    const invoice = await invoiceFor(t.database.db, company.id, { dueDate: '2099-01-10' });
    const res = await (await t.as(await t.factory.admin({ company }))).post('/subscription', {
      firstName: 'Maria Pagadora',
      document: '11.222.333/0001-81',
      email: 'maria@example.com',
      plan: 'custom',
      invoiceId: invoice.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().qrcode?.qrcode).toBeTruthy();
    const [charge] = await t.database.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, invoice.id));
    expect(charge.provider).toBe('efi');
    return { company, invoice, txid: charge.providerPaymentId };
  }

  const stateOf = async (companyId: number, invoiceId: number) => {
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return { dueDate: company.dueDate, status: invoice.status };
  };

  /** Efí posts to the registered URL + '/pix' (OUR_URL's path here: the app is reached in-process). */
  const efiPosts = (body: unknown, suffix = '/pix') =>
    t.app.inject({
      method: 'POST',
      url: `${new URL(OUR_URL).pathname}${suffix}`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

  test('the /pix call of a paid charge pays the invoice and renews once; a replay changes nothing', async () => {
    const { company, invoice, txid } = await efiCharge();
    const pix = fake.pay(txid);
    const res = await efiPosts({ pix: [pix] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const paid = await stateOf(company.id, invoice.id);
    expect(paid).toEqual({ dueDate: '2099-02-10', status: 'paid' });

    expect((await efiPosts({ pix: [pix] })).statusCode).toBe(200);
    expect(await stateOf(company.id, invoice.id)).toEqual(paid);
    expect(t.sent.filter((e) => e.event === `company-${company.id}-payment`)).toHaveLength(1);
  });

  test("a forged /pix call is 401 and pays nothing; Efí's probe of the bare URL is acknowledged", async () => {
    const { company, invoice, txid } = await efiCharge();
    const forged = { endToEndId: 'E00000000202611250000forged', txid, valor: '99.90', horario: new Date().toISOString() };
    expect((await efiPosts({ pix: [forged] })).statusCode).toBe(401);
    expect((await stateOf(company.id, invoice.id)).status).toBe('open');
    expect((await efiPosts({ evento: 'teste_webhook' }, '')).statusCode).toBe(200);
  });
});
