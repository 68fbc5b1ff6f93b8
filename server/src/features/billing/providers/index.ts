import { asaasProvider } from './asaas';
import { efiFromSettings, mercadoPagoFromSettings } from './from-settings';
import type { ProviderDeps } from './deps';
import type { PaymentProvider, PaymentProviderName } from './provider';
import { stripeProvider } from './stripe';

export type { ProviderDeps } from './deps';
export { EfiError } from './efi';
export type { EfiWebhook } from './efi-webhook';
export { efiFromSettings, efiWebhookFromSettings } from './from-settings';
export type { Charge, ChargeHandle, ChargeRequest, PaymentNotice, PaymentProvider, PaymentProviderName, WebhookRequest } from './provider';

/** Where each provider's notifications arrive (the webhook route below); Mercado Pago is told it per preference. */
export const webhookPath = (name: PaymentProviderName) => `/subscription/webhook/${name}`;

/**
 * Every payment provider the product knows, one line each. The checkout asks each configured one for a
 * charge; the webhook route picks one by name.
 */
const providerFactories: ((deps: ProviderDeps) => PaymentProvider)[] = [
  asaasProvider,
  stripeProvider,
  (deps) => mercadoPagoFromSettings(deps.db, deps.config, webhookPath('mercadopago')),
  (deps) => efiFromSettings(deps.db, deps.config),
];

export function paymentProviders(deps: ProviderDeps): PaymentProvider[] {
  return providerFactories.map((make) => make(deps));
}

export function paymentProvider(deps: ProviderDeps, name: PaymentProviderName): PaymentProvider | undefined {
  return paymentProviders(deps).find((p) => p.name === name);
}
