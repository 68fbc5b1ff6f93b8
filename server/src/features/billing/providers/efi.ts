import { randomBytes } from 'node:crypto';
import { EfiError, type EfiOptions, efiClient, efiErrorDetail } from './efi-client';
import type { Charge, ChargeHandle, ChargeRequest, PaymentNotice, PaymentProvider, WebhookRequest } from './provider';

export { EfiError, type EfiOptions } from './efi-client';

/**
 * Efí (Gerencianet) PIX (issue 19), through efiClient (mutual TLS, OAuth2 token): an immediate charge
 * `PUT /v2/cob/{txid}` on the pix key efiPixKey, then its QR code `GET /v2/loc/{id}/qrcode` (the
 * copy-and-paste `qrcode` is the charge's pixCode). The txid is the providerPaymentId.
 *
 * The webhook (`POST …/pix`, a list of pix `{ txid, endToEndId, valor }`) is not trusted as sent: each
 * pix is confirmed by reading its charge back, `GET /v2/cob/{txid}`, which must be CONCLUIDA and list
 * that endToEndId with that value; the value read back is the notice's amount, and a pix read back with a
 * returned devolução (status DEVOLVIDO) is a refund. Efí calls that webhook only once it is registered for
 * the pix key: see efi-webhook.ts. A superseded charge is removed: PATCH /v2/cob/{txid} with status
 * REMOVIDA_PELO_USUARIO_RECEBEDOR (Efí refuses it once the charge is CONCLUIDA).
 */

const TXID = /^[a-zA-Z0-9]{26,35}$/;

interface Cob {
  txid?: string;
  status?: string;
  loc?: { id?: number };
  valor?: { original?: string };
  pix?: { endToEndId?: string; valor?: string; devolucoes?: { valor?: string; status?: string }[] }[];
}

interface WebhookPix {
  txid?: unknown;
  endToEndId?: unknown;
  valor?: unknown;
}

/** txid: 26 to 35 letters and digits (Efí's rule), unique per charge and readable back to the invoice. */
const newTxid = (invoiceId: number) => `cf${invoiceId}x${randomBytes(16).toString('hex')}`.slice(0, 35);

/** The debtor Efí wants: cpf (11 digits) or cnpj (14) with the name; omitted when the document is neither. */
function debtor(payer: ChargeRequest['payer']) {
  const digits = payer.document.replace(/\D/g, '');
  if (digits.length === 11) return { cpf: digits, nome: payer.name };
  if (digits.length === 14) return { cnpj: digits, nome: payer.name };
  return undefined;
}

const sameAmount = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && Number(a).toFixed(2) === Number(b).toFixed(2);

export function efiProvider(options: EfiOptions): PaymentProvider {
  const { api } = efiClient(options);

  /**
   * A webhook pix is real when its charge, read back, is CONCLUIDA and lists that payment with that value;
   * answers what the read-back says (paid, or refunded once a devolução is DEVOLVIDO), else null.
   */
  async function confirmed(pix: WebhookPix): Promise<PaymentNotice | null> {
    if (typeof pix.txid !== 'string' || !TXID.test(pix.txid) || typeof pix.endToEndId !== 'string') return null;
    const res = await api('GET', `/v2/cob/${pix.txid}`);
    if (res.status === 404 || res.status === 400) return null;
    if (res.status !== 200) throw new EfiError(res.status, 'GET /v2/cob/{txid}'); // the route fails; Efí retries
    const cob = res.body as Cob;
    const paid =
      cob.status === 'CONCLUIDA' ? cob.pix?.find((p) => p.endToEndId === pix.endToEndId && sameAmount(p.valor, pix.valor)) : undefined;
    if (!paid) return null;
    const returned = (paid.devolucoes ?? []).filter((d) => d.status === 'DEVOLVIDO');
    if (returned.length > 0)
      return { providerPaymentId: pix.txid, status: 'refunded', amount: returned.reduce((sum, d) => sum + Number(d.valor ?? 0), 0) };
    return { providerPaymentId: pix.txid, status: 'paid', amount: Number(paid.valor) };
  }

  return {
    name: 'efi',

    async isConfigured() {
      const { clientId, clientSecret, pixKey } = await options.credentials();
      return !!(clientId && clientSecret && pixKey && (await options.certificate()));
    },

    async createCharge(request: ChargeRequest): Promise<Charge> {
      const { pixKey } = await options.credentials();
      const txid = newTxid(request.invoiceId);
      const devedor = debtor(request.payer);
      const cob = await api('PUT', `/v2/cob/${txid}`, {
        calendario: { expiracao: options.expirySeconds ?? 86_400 },
        ...(devedor ? { devedor } : {}),
        valor: { original: request.value.toFixed(2) },
        chave: pixKey,
        solicitacaoPagador: request.description.slice(0, 140),
        infoAdicionais: [{ nome: 'Fatura', valor: String(request.invoiceId) }],
      });
      const locId = (cob.body as Cob)?.loc?.id;
      if (cob.status !== 201 && cob.status !== 200) throw new EfiError(cob.status, 'PUT /v2/cob/{txid}');
      if (locId === undefined) throw new EfiError(cob.status, 'PUT /v2/cob/{txid} (no loc)');
      const qr = await api('GET', `/v2/loc/${locId}/qrcode`);
      const code = (qr.body as { qrcode?: string })?.qrcode;
      if (qr.status !== 200 || !code) throw new EfiError(qr.status, 'GET /v2/loc/{id}/qrcode');
      return { providerPaymentId: txid, pixCode: code };
    },

    async cancelCharge(charge: ChargeHandle) {
      const res = await api('PATCH', `/v2/cob/${charge.providerPaymentId}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
      if (res.status !== 200) throw new EfiError(res.status, 'PATCH /v2/cob/{txid}', efiErrorDetail(res.body));
    },

    async verifyWebhook(req: WebhookRequest): Promise<PaymentNotice[] | null> {
      const body = req.body as { pix?: unknown; evento?: unknown } | null;
      if (body && typeof body === 'object' && body.evento === 'teste_webhook') return []; // Efí's registration probe
      if (!body || typeof body !== 'object' || !Array.isArray(body.pix)) return null;
      const ours = (body.pix as WebhookPix[]).filter((p) => p && typeof p === 'object' && p.txid !== undefined);
      const notices: PaymentNotice[] = [];
      for (const pix of ours) {
        const notice = await confirmed(pix);
        if (notice) notices.push(notice);
      }
      // Pix without a txid are transfers to the key, not charges: nothing to apply. A charge's pix that
      // cannot be confirmed is a forgery (or not ours): when nothing is confirmed, the request is refused.
      if (ours.length > 0 && notices.length === 0) return null;
      return notices;
    },
  };
}
