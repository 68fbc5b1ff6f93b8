import type { EfiWebhookStatus } from '@chatflow/contract';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { EfiError, type EfiWebhook, efiFromSettings, efiWebhookFromSettings, webhookPath } from '../providers';

/**
 * The Efí webhook of the settings screen (issue 19). Efí notifies a paid PIX charge only to the URL
 * registered for the pix key, so once the super user has set client id, secret, pix key and the .p12,
 * the screen registers this server's URL (on each save and on its "register" button). Registering is
 * idempotent: Efí is asked first and written to only when it holds another URL. Failures reach the
 * super user with Efí's own words; nothing here is swallowed.
 */
interface Deps {
  db: DbOrTx;
  config: Config;
}

/** PUBLIC_URL + the webhook route; Efí appends '/pix' when it calls, which the route also accepts. */
export const efiWebhookUrl = (config: Config) => `${config.publicUrl.replace(/\/+$/, '')}${webhookPath('efi')}`;

/** An Efí refusal or an unreachable Efí, as the error the screen translates (`detail` is Efí's message). */
function asAppError(err: unknown): unknown {
  if (err instanceof EfiError && err.status > 0)
    return new AppError('ERR_EFI_WEBHOOK_REFUSED', 502, { status: err.status, detail: err.detail ?? null });
  if (err instanceof EfiError) return new AppError('ERR_EFI_NOT_CONFIGURED', 400);
  if (err instanceof Error) return new AppError('ERR_EFI_UNREACHABLE', 502, { detail: err.message });
  return err;
}

async function withEfi<T>(deps: Deps, use: (webhook: EfiWebhook) => Promise<T>): Promise<T> {
  try {
    return await use(efiWebhookFromSettings(deps.db, deps.config));
  } catch (err) {
    throw asAppError(err);
  }
}

/** What Efí holds for the pix key; Efí is not called while its settings are incomplete. */
export async function efiWebhookStatus(deps: Deps): Promise<EfiWebhookStatus> {
  const webhookUrl = efiWebhookUrl(deps.config);
  if (!(await efiFromSettings(deps.db, deps.config).isConfigured())) return { configured: false, webhookUrl, registeredUrl: null };
  return { configured: true, webhookUrl, registeredUrl: await withEfi(deps, (webhook) => webhook.registeredUrl()) };
}

/** Registers this server's URL for the pix key unless Efí already holds it. */
export async function registerEfiWebhook(deps: Deps): Promise<EfiWebhookStatus> {
  const webhookUrl = efiWebhookUrl(deps.config);
  if (!(await efiFromSettings(deps.db, deps.config).isConfigured())) throw new AppError('ERR_EFI_NOT_CONFIGURED', 400);
  return { configured: true, webhookUrl, registeredUrl: await withEfi(deps, (webhook) => webhook.ensure(webhookUrl)) };
}
