import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema';
import { type FakePayments, startFakePayments } from '../../test/fake-payments';
import { setGlobalSetting } from '../settings';

export const ASAAS_WEBHOOK_TOKEN = 'asaas-webhook-token-test';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret';

/**
 * The fake payment APIs for a test file: pass `billingConfig` to useTestApp and call this after it; the
 * base URLs are filled in once the fake listens (the config holds this same object).
 */
export function useFakePayments(billingConfig: Config['billing']) {
  const ref = {} as { fake: FakePayments };
  beforeAll(async () => {
    ref.fake = await startFakePayments();
    billingConfig.asaasApiUrl = `${ref.fake.url}/v3`;
    billingConfig.stripeApiUrl = ref.fake.url;
  });
  afterAll(async () => ref.fake?.close());
  return ref;
}

/** The super user's credentials of both providers, as the settings screen stores them. */
export async function configureProviders(db: DbOrTx, fake: FakePayments, which: ('asaas' | 'stripe')[] = ['asaas', 'stripe']) {
  await setGlobalSetting(db, 'asaasToken', which.includes('asaas') ? fake.asaas.token : '');
  await setGlobalSetting(db, 'asaasWebhookToken', ASAAS_WEBHOOK_TOKEN);
  await setGlobalSetting(db, 'stripePrivateKey', which.includes('stripe') ? fake.stripe.key : '');
  await setGlobalSetting(db, 'stripeWebhookSecret', STRIPE_WEBHOOK_SECRET);
}

export async function invoiceFor(db: DbOrTx, companyId: number, overrides: Partial<typeof invoices.$inferInsert> = {}) {
  const [row] = await db
    .insert(invoices)
    .values({ companyId, detail: 'Plano Teste', users: 5, connections: 2, queues: 3, value: '99.90', dueDate: '2099-01-10', ...overrides })
    .returning();
  return row;
}
