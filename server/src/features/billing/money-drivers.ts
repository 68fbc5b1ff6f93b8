import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../config';
import type { InvoiceChargeRow } from '../../db/schema';
import { FakeEfi } from '../../test/fake-efi';
import { FakeMercadoPago, mercadoPagoNotification } from '../../test/fake-mercadopago';
import { asaasWebhook, stripeRefundWebhook, stripeWebhook } from '../../test/fake-payments';
import type { TestContext } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { makeTestPki, type TestPki } from '../../test/payment-certificates';
import { setGlobalSetting } from '../settings';
import type { PaymentProviderName } from './providers';
import { ASAAS_WEBHOOK_TOKEN, configureProviders, STRIPE_WEBHOOK_SECRET, useFakePayments } from './testing';

// One "payer" per payment provider for the money-invariants suite: each pays, underpays and refunds a
// charge at that provider's fake API and delivers the notice the provider would send, so the same
// scenarios run against Asaas, Stripe, Mercado Pago and Efí PIX.

type Response = Awaited<ReturnType<TestContext['app']['inject']>>;
/** Posts the provider's notice; calling it again posts the same notice again. */
export type Delivery = () => Promise<Response>;

export interface PaymentDriver {
  name: PaymentProviderName;
  /** Makes this provider the only configured one. */
  configure(): Promise<void>;
  /** The payer pays the charge at the provider (`amount` BRL instead of the charge's); answers the notice's delivery. */
  payerPays(charge: InvoiceChargeRow, amount?: number): Delivery;
  /** The provider no longer lets anyone pay the charge. */
  isCancelled(charge: InvoiceChargeRow): boolean;
  /** The paid charge is refunded (or charged back); answers the notice's delivery. */
  refund(charge: InvoiceChargeRow): Delivery;
}

const MP_TOKEN = 'APP_USR-money-invariants';
const MP_SECRET = 'mp-money-secret';
const EFI_CLIENT = { id: 'Client_Id_money', secret: 'Client_Secret_money' };
const EFI_KEY = 'cobranca@chatflow.example';

/** The config objects to pass to useTestApp: the fakes fill in their URLs once they listen. */
export function moneyConfig(): Pick<Config, 'billing' | 'mercadoPago' | 'efi'> {
  return {
    billing: { asaasApiUrl: '', stripeApiUrl: '' },
    mercadoPago: { apiUrl: '', webhookSecret: MP_SECRET },
    efi: { apiUrl: '', caFile: null },
  };
}

/** Starts the four fakes for a test file and answers one driver per provider. */
export function usePaymentDrivers(t: TestContext, config: ReturnType<typeof moneyConfig>): PaymentDriver[] {
  const payments = useFakePayments(config.billing);
  let mp: FakeMercadoPago;
  let efi: FakeEfi;
  let pki: TestPki;
  beforeAll(async () => {
    mp = await new FakeMercadoPago(MP_TOKEN).start();
    config.mercadoPago.apiUrl = mp.url;
    pki = makeTestPki();
    config.efi.caFile = path.join(mkdtempSync(path.join(tmpdir(), 'efi-ca-')), 'ca.pem');
    writeFileSync(config.efi.caFile, pki.ca);
    efi = await new FakeEfi(pki, EFI_CLIENT, EFI_KEY).start();
    config.efi.apiUrl = efi.url;
  });
  afterAll(async () => {
    await mp?.stop();
    await efi?.stop();
  });

  const db = () => t.database.db;
  const post = (url: string, payload: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, payload, headers });
  /** Every provider off, then the one asked for on. */
  const only = async (name: PaymentProviderName) => {
    await configureProviders(db(), payments.fake, name === 'asaas' || name === 'stripe' ? [name] : []);
    await setGlobalSetting(db(), 'mpAccessToken', name === 'mercadopago' ? MP_TOKEN : '');
    await setGlobalSetting(db(), 'efiPixKey', name === 'efi' ? EFI_KEY : '');
    if (name !== 'efi') return;
    await setGlobalSetting(db(), 'efiClientId', EFI_CLIENT.id);
    await setGlobalSetting(db(), 'efiClientSecret', EFI_CLIENT.secret);
    const form = multipart([{ name: 'file', value: pki.clientP12, filename: 'producao.p12', type: 'application/x-pkcs12' }]);
    const api = await t.as(await t.factory.superUser());
    await api.inject({ method: 'POST', url: '/settings/cert-upload?ref=efi', ...form });
  };

  const asaasPayment = (charge: InvoiceChargeRow) => payments.fake.asaas.payments.find((p) => p.id === charge.providerPaymentId) ?? {};
  const stripeSession = (charge: InvoiceChargeRow) => payments.fake.stripe.sessions.find((s) => s.id === charge.providerPaymentId) ?? {};
  const asaasHook = (hook: { body: string; headers: Record<string, string> }) => () =>
    post('/subscription/webhook/asaas', hook.body, hook.headers);
  const stripeHook = (hook: { body: string; headers: Record<string, string> }) => () =>
    post('/subscription/webhook/stripe', hook.body, hook.headers);
  /** Mercado Pago's notification names the payment; the server reads it back from the fake. */
  const mpHook = (paymentId: number) => () => {
    const n = mercadoPagoNotification(paymentId, MP_SECRET);
    return t.app.inject({
      method: 'POST',
      url: `/subscription/webhook/mercadopago?data.id=${paymentId}&type=payment`,
      payload: n.rawBody,
      headers: n.headers,
    });
  };
  const efiHook = (pix: unknown) => () =>
    post('/subscription/webhook/efi/pix', JSON.stringify({ pix: [pix] }), { 'content-type': 'application/json' });
  const mpPayments = new Map<string, number>();

  return [
    {
      name: 'asaas',
      configure: () => only('asaas'),
      payerPays: (charge, amount) =>
        asaasHook(
          asaasWebhook(
            ASAAS_WEBHOOK_TOKEN,
            payments.fake.asaas.pay(charge.providerPaymentId),
            'PAYMENT_RECEIVED',
            amount === undefined ? {} : { value: amount },
          ),
        ),
      isCancelled: (charge) => asaasPayment(charge).deleted === true,
      refund: (charge) => asaasHook(asaasWebhook(ASAAS_WEBHOOK_TOKEN, asaasPayment(charge), 'PAYMENT_REFUNDED')),
    },
    {
      name: 'stripe',
      configure: () => only('stripe'),
      payerPays: (charge, amount) =>
        stripeHook(
          stripeWebhook(
            STRIPE_WEBHOOK_SECRET,
            payments.fake.stripe.pay(charge.providerPaymentId),
            amount === undefined ? {} : { amountTotal: Math.round(amount * 100) },
          ),
        ),
      isCancelled: (charge) => stripeSession(charge).status === 'expired',
      refund: (charge) => stripeHook(stripeRefundWebhook(STRIPE_WEBHOOK_SECRET, stripeSession(charge), 'charge.dispute.created')),
    },
    {
      name: 'mercadopago',
      configure: () => only('mercadopago'),
      payerPays: (charge, amount) => {
        const id = mp.pay(charge.providerPaymentId, 'approved', amount);
        mpPayments.set(charge.providerPaymentId, id);
        return mpHook(id);
      },
      isCancelled: (charge) => {
        const pref = mp.preferences.find((p) => p.id === charge.providerRef);
        return pref?.body.expires === true && Date.parse(String(pref.body.expiration_date_to)) <= Date.now();
      },
      refund: (charge) => {
        const id = mpPayments.get(charge.providerPaymentId) ?? 0;
        mp.refund(id, 'charged_back');
        return mpHook(id);
      },
    },
    {
      name: 'efi',
      configure: () => only('efi'),
      payerPays: (charge, amount) => efiHook(efi.pay(charge.providerPaymentId, amount?.toFixed(2))),
      isCancelled: (charge) => efi.cobs.get(charge.providerPaymentId)?.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      refund: (charge) => efiHook(efi.refund(charge.providerPaymentId)),
    },
  ];
}
