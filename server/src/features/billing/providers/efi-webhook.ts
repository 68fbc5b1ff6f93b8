import { EfiError, type EfiOptions, efiClient, efiErrorDetail } from './efi-client';

/**
 * Efí's PIX API notifies paid charges only to the webhook registered for the pix key (issue 19):
 * `PUT /v2/webhook/{chave}` with `{ webhookUrl }`, read back with `GET /v2/webhook/{chave}`
 * (`{ webhookUrl, chave, criacao }`, or 404 `webhook_nao_encontrado`). Efí posts each payment to the
 * registered URL plus '/pix', which the webhook route also listens on.
 *
 * `x-skip-mtls-checking: true` tells Efí this server does not demand Efí's client certificate: without
 * it Efí probes the URL without a certificate, expects a refusal, and refuses the registration when the
 * server answers. Nothing is lost by skipping: every pix is confirmed by reading its charge back over
 * our own mutual TLS (efi.ts), so a forged call pays nothing.
 */
export interface EfiWebhook {
  /** The URL Efí holds for the pix key, or null when none is registered. */
  registeredUrl(): Promise<string | null>;
  /** Registers `url` unless Efí already holds exactly it (a repeated save makes no second PUT); answers Efí's URL. */
  ensure(url: string): Promise<string>;
}

export function efiWebhook(options: EfiOptions): EfiWebhook {
  const { api } = efiClient(options);
  const path = async () => `/v2/webhook/${encodeURIComponent((await options.credentials()).pixKey)}`;

  async function registeredUrl(): Promise<string | null> {
    const res = await api('GET', await path());
    if (res.status === 404) return null;
    const url = (res.body as { webhookUrl?: unknown } | null)?.webhookUrl;
    if (res.status !== 200 || typeof url !== 'string') throw new EfiError(res.status, 'GET /v2/webhook/{chave}', efiErrorDetail(res.body));
    return url;
  }

  return {
    registeredUrl,
    async ensure(url) {
      if ((await registeredUrl()) === url) return url;
      const res = await api('PUT', await path(), { webhookUrl: url }, { 'x-skip-mtls-checking': 'true' });
      if (res.status !== 200 && res.status !== 201) throw new EfiError(res.status, 'PUT /v2/webhook/{chave}', efiErrorDetail(res.body));
      return url;
    },
  };
}
