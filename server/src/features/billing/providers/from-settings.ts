import { readFileSync } from 'node:fs';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { getGlobalSetting, readCertificate } from '../../settings';
import { type EfiOptions, efiProvider } from './efi';
import { type EfiWebhook, efiWebhook } from './efi-webhook';
import { mercadoPagoProvider } from './mercadopago';
import type { PaymentProvider } from './provider';

// The Mercado Pago and Efí providers as the platform runs them: credentials read from the super user's
// secret settings at each use (a change on the settings screen applies to the next charge without a
// restart), the Efí certificate from the certificate tab, base URLs from the environment.

const secret = async (db: DbOrTx, key: string) => (await getGlobalSetting(db, key)) ?? '';

/** `webhookPath` is where the webhook route listens; with PUBLIC_URL it becomes each preference's notification_url. */
export function mercadoPagoFromSettings(db: DbOrTx, config: Config, webhookPath?: string): PaymentProvider {
  return mercadoPagoProvider({
    apiUrl: config.mercadoPago.apiUrl,
    webhookSecret: config.mercadoPago.webhookSecret,
    accessToken: () => secret(db, 'mpAccessToken'),
    notificationUrl: webhookPath ? `${config.publicUrl.replace(/\/+$/, '')}${webhookPath}` : undefined,
  });
}

/** The Efí account as the settings hold it: three secrets and the certificate tab's .p12. */
function efiOptions(db: DbOrTx, config: Config): EfiOptions {
  return {
    apiUrl: config.efi.apiUrl,
    ca: config.efi.caFile ? readFileSync(config.efi.caFile) : undefined,
    credentials: async () => ({
      clientId: await secret(db, 'efiClientId'),
      clientSecret: await secret(db, 'efiClientSecret'),
      pixKey: await secret(db, 'efiPixKey'),
    }),
    certificate: () => readCertificate(db, 'efi'),
  };
}

export function efiFromSettings(db: DbOrTx, config: Config): PaymentProvider {
  return efiProvider(efiOptions(db, config));
}

export function efiWebhookFromSettings(db: DbOrTx, config: Config): EfiWebhook {
  return efiWebhook(efiOptions(db, config));
}
