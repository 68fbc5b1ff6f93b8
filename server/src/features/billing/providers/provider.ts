/**
 * One payment provider (issue 19: Asaas, Mercado Pago, Stripe, Efí PIX) behind one interface, so the
 * checkout asks every configured provider for a way to pay an invoice and the webhook route hands a
 * provider's notification to the provider that understands it.
 *
 * Credentials come from the super user's secret setting keys (contract SECRET_SETTING_KEYS); a
 * provider whose credentials are not set is not offered. Base URLs are configurable (env) so tests
 * point each provider at a local fake server that follows the provider's documented API.
 */
export type PaymentProviderName = 'asaas' | 'mercadopago' | 'stripe' | 'efi';

export interface ChargeRequest {
  invoiceId: number;
  companyId: number;
  /** BRL, two decimals. */
  value: number;
  /** yyyy-MM-dd. */
  dueDate: string;
  description: string;
  payer: { name: string; email: string; document: string };
  /** One per checkout attempt: a provider that takes an idempotency key answers a retried request with the same charge. */
  attemptKey: string;
}

export interface Charge {
  /** The provider's own id of the payment; webhooks are matched (and made idempotent) by it. */
  providerPaymentId: string;
  /** A checkout or payment page link (Stripe, Asaas, Mercado Pago). */
  paymentUrl?: string;
  /** PIX copy-and-paste code (Efí), shown as a QR code. */
  pixCode?: string;
  /** Another provider-side id the charge's cancellation needs (Mercado Pago's preference id). */
  providerRef?: string;
}

/** A charge as stored, enough to cancel it at its provider. */
export interface ChargeHandle {
  providerPaymentId: string;
  providerRef: string | null;
}

/**
 * What a verified webhook says happened. 'refunded' covers refunds and chargebacks. `amount` is what the
 * provider reports paid (BRL): a paid notice buys its charge's order only when it covers the charge.
 * `invoiceId` is the invoice the provider's own record names, where it keeps one (it must be the charge's).
 */
export interface PaymentNotice {
  providerPaymentId: string;
  status: 'paid' | 'pending' | 'failed' | 'refunded';
  amount?: number;
  invoiceId?: number;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  /** The body exactly as received, for signature checks. */
  rawBody: Buffer;
  body: unknown;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** True when the super user has set this provider's credentials. */
  isConfigured(): Promise<boolean>;
  createCharge(request: ChargeRequest): Promise<Charge>;
  /**
   * Makes a superseded charge unpayable where the provider's API allows it (a re-priced invoice). Throws
   * when the provider refuses (a charge already paid cannot be cancelled); the caller logs and goes on:
   * a later notice for a superseded charge changes nothing anyway.
   */
  cancelCharge(charge: ChargeHandle): Promise<void>;
  /**
   * Checks the notification's signature or token and says what it reports; null when the request is
   * not authentic (the route then answers 401 and changes nothing). A provider whose webhook carries
   * only an id asks its API for the payment's state here.
   */
  verifyWebhook(request: WebhookRequest): Promise<PaymentNotice[] | null>;
}
