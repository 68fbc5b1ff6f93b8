import { asaasProvider } from './asaas';
import type { ProviderDeps } from './deps';
import type { PaymentProvider, PaymentProviderName } from './provider';
import { stripeProvider } from './stripe';

export type { ProviderDeps } from './deps';
export type { Charge, ChargeRequest, PaymentNotice, PaymentProvider, PaymentProviderName, WebhookRequest } from './provider';

/**
 * Every payment provider the product knows, one line each (Mercado Pago and Efí PIX are added here by
 * their own change). The checkout asks each configured one for a charge; the webhook route picks one by name.
 */
const providerFactories: ((deps: ProviderDeps) => PaymentProvider)[] = [asaasProvider, stripeProvider];

export function paymentProviders(deps: ProviderDeps): PaymentProvider[] {
  return providerFactories.map((make) => make(deps));
}

export function paymentProvider(deps: ProviderDeps, name: PaymentProviderName): PaymentProvider | undefined {
  return paymentProviders(deps).find((p) => p.name === name);
}
