import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { FakeEfi } from '../../../test/fake-efi';
import { useTestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { makeTestPki, type TestPki } from '../../../test/payment-certificates';
import { efiFromSettings } from './from-settings';
import type { ChargeRequest, WebhookRequest } from './provider';

const t = useTestApp();
const CLIENT = { id: 'Client_Id_abc123', secret: 'Client_Secret_xyz789' };
const PIX_KEY = 'pix@chatflow.example';
let pki: TestPki;
let fake: FakeEfi;
let caFile: string;

beforeAll(async () => {
  pki = makeTestPki();
  caFile = path.join(mkdtempSync(path.join(tmpdir(), 'efi-ca-')), 'ca.pem');
  writeFileSync(caFile, pki.ca);
  fake = await new FakeEfi(pki, CLIENT).start();
});
afterAll(() => fake.stop());

/** The super user sets everything on the settings screen: three secrets and the certificate. */
async function configure(p12: Buffer = pki.clientP12) {
  const api = await t.as(await t.factory.superUser());
  await api.put('/settings/efiClientId', { value: CLIENT.id });
  await api.put('/settings/efiClientSecret', { value: CLIENT.secret });
  await api.put('/settings/efiPixKey', { value: PIX_KEY });
  const form = multipart([{ name: 'file', value: p12, filename: 'producao.p12', type: 'application/x-pkcs12' }]);
  const res = await api.inject({ method: 'POST', url: '/settings/cert-upload?ref=efi', ...form });
  expect(res.statusCode).toBe(200);
}
beforeEach(() => configure());

const provider = () => efiFromSettings(t.database.db, { ...t.config, efi: { apiUrl: fake.url, caFile } });

const charge: ChargeRequest = {
  invoiceId: 9,
  companyId: 3,
  value: 49,
  dueDate: '2026-12-01',
  description: 'Fatura #9',
  payer: { name: 'Empresa Exemplo Ltda', email: 'fin@example.com', document: '12.345.678/0001-95' },
  attemptKey: 'attempt-efi-1',
};

const webhook = (body: unknown): WebhookRequest => ({ headers: {}, query: {}, rawBody: Buffer.from(JSON.stringify(body)), body });

test('a PIX charge over mutual TLS: token, PUT /v2/cob/{txid} on the pix key, then the QR code', async () => {
  const made = await provider().createCharge(charge);
  expect(made.providerPaymentId).toMatch(/^[a-zA-Z0-9]{26,35}$/);
  const cob = fake.cobs.get(made.providerPaymentId);
  expect(cob?.body).toEqual({
    calendario: { expiracao: 86_400 },
    devedor: { cnpj: '12345678000195', nome: 'Empresa Exemplo Ltda' },
    valor: { original: '49.00' },
    chave: PIX_KEY,
    solicitacaoPagador: 'Fatura #9',
    infoAdicionais: [{ nome: 'Fatura', valor: '9' }],
  });
  expect(made.pixCode).toContain(cob?.loc.location);
  expect(fake.calls.slice(-3)).toEqual([
    { method: 'POST', path: '/oauth/token' },
    { method: 'PUT', path: `/v2/cob/${made.providerPaymentId}` },
    { method: 'GET', path: `/v2/loc/${cob?.loc.id}/qrcode` },
  ]);
  expect(await provider().isConfigured()).toBe(true);
});

test('a webhook pix is confirmed by reading its charge back: CONCLUIDA with that endToEndId and value', async () => {
  const { providerPaymentId: txid } = await provider().createCharge(charge);
  const pix = fake.pay(txid);
  expect(await provider().verifyWebhook(webhook({ pix: [pix] }))).toEqual([{ providerPaymentId: txid, status: 'paid', amount: 49 }]);
  expect(fake.calls.at(-1)).toEqual({ method: 'GET', path: `/v2/cob/${txid}` });
});

test('forged webhooks are refused: unpaid charge, unknown txid, wrong endToEndId or value, no pix list', async () => {
  const { providerPaymentId: unpaid } = await provider().createCharge(charge);
  const fakePix = { endToEndId: 'E00000000202611240000forged', txid: unpaid, valor: '49.00', horario: new Date().toISOString() };
  expect(await provider().verifyWebhook(webhook({ pix: [fakePix] }))).toBeNull();
  expect(await provider().verifyWebhook(webhook({ pix: [{ ...fakePix, txid: 'a'.repeat(30) }] }))).toBeNull();

  const { providerPaymentId: paid } = await provider().createCharge(charge);
  const real = fake.pay(paid);
  expect(await provider().verifyWebhook(webhook({ pix: [{ ...real, endToEndId: 'E999' }] }))).toBeNull();
  expect(await provider().verifyWebhook(webhook({ pix: [{ ...real, valor: '0.01' }] }))).toBeNull();
  expect(await provider().verifyWebhook(webhook({ pix: [{ ...real, txid: '../../oauth/token' }] }))).toBeNull();
  expect(await provider().verifyWebhook(webhook({ hello: 'world' }))).toBeNull();
  expect(await provider().verifyWebhook(webhook(null))).toBeNull();

  // A batch with a real pix and a forged one applies only the real one.
  expect(await provider().verifyWebhook(webhook({ pix: [fakePix, real] }))).toEqual([
    { providerPaymentId: paid, status: 'paid', amount: 49 },
  ]);
  // Efí's registration probe and transfers to the key without a charge: nothing to apply, not refused.
  expect(await provider().verifyWebhook(webhook({ evento: 'teste_webhook' }))).toEqual([]);
  expect(await provider().verifyWebhook(webhook({ pix: [{ endToEndId: 'E1', valor: '5.00', chave: PIX_KEY }] }))).toEqual([]);
});

test('the API refuses a certificate from another CA at the handshake; the provider fails and a new upload fixes it', async () => {
  await configure(pki.strangerP12);
  const refusedBefore = fake.refusedHandshakes;
  await expect(provider().createCharge(charge)).rejects.toThrow();
  expect(fake.refusedHandshakes).toBeGreaterThan(refusedBefore);
  await configure(pki.clientP12);
  expect((await provider().createCharge(charge)).pixCode).toBeTruthy();
});

test('wrong client credentials fail the charge; without a certificate the provider is not configured', async () => {
  const api = await t.as(await t.factory.superUser());
  await api.put('/settings/efiClientSecret', { value: 'wrong' });
  await expect(provider().createCharge(charge)).rejects.toThrow(/401.*oauth/);
  await api.put('/settings/efiClientSecret', { value: '' });
  expect(await provider().isConfigured()).toBe(false);
});
