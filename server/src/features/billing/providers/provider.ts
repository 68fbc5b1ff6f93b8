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
}

export interface Charge {
  /** The provider's own id of the payment; webhooks are matched (and made idempotent) by it. */
  providerPaymentId: string;
  /** A checkout or payment page link (Stripe, Asaas, Mercado Pago). */
  paymentUrl?: string;
  /** PIX copy-and-paste code (Efí), shown as a QR code. */
  pixCode?: string;
}

/** What a verified webhook says happened. */
export interface PaymentNotice {
  providerPaymentId: string;
  status: 'paid' | 'pending' | 'failed';
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
   * Checks the notification's signature or token and says what it reports; null when the request is
   * not authentic (the route then answers 401 and changes nothing). A provider whose webhook carries
   * only an id asks its API for the payment's state here.
   */
  verifyWebhook(request: WebhookRequest): Promise<PaymentNotice[] | null>;
}
