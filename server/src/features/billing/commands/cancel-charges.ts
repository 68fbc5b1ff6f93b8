import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceChargeRow } from '../../../db/schema';
import { type PaymentProviderName, type ProviderDeps, paymentProvider } from '../providers';

/**
 * Makes superseded charges unpayable at their providers, after the transaction that superseded them. Best
 * effort: a provider that refuses (the payer paid a moment earlier) or cannot be reached is logged, and a
 * notice for that charge later changes nothing but is listed for the operator (apply-payment.ts).
 */
export async function cancelAtProviders(deps: ProviderDeps & { log: FastifyBaseLogger }, charges: InvoiceChargeRow[]) {
  await Promise.all(
    charges.map(async (charge) => {
      const provider = paymentProvider(deps, charge.provider as PaymentProviderName);
      try {
        await provider?.cancelCharge({ providerPaymentId: charge.providerPaymentId, providerRef: charge.providerRef });
      } catch (err) {
        deps.log.warn({ provider: charge.provider, chargeId: charge.id, err: String(err) }, 'payment provider kept a superseded charge');
      }
    }),
  );
}
