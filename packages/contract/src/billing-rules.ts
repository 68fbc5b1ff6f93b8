// Billing's pure rules (spec 2 §4 Invoice display status, §5 Plan, §9), without schemas: the checkout
// wizard and the invoice table load them without the validation code.
import { todayIn } from './subscription';

/** Custom plan (spec 2 §5, §9): base 49, +11 per user and +20 per connection above the minimum of 3 each. */
export const CUSTOM_PLAN = { base: 49, perUser: 11, perConnection: 20, minUsers: 3, minConnections: 3, maxUsers: 999, maxConnections: 999 };

/** Monthly BRL price of a custom plan; counts below the minimum are priced (and sold) as the minimum. */
export function customPlanPrice(users: number, connections: number): number {
  const extraUsers = Math.max(0, Math.trunc(users) - CUSTOM_PLAN.minUsers);
  const extraConnections = Math.max(0, Math.trunc(connections) - CUSTOM_PLAN.minConnections);
  return CUSTOM_PLAN.base + extraUsers * CUSTOM_PLAN.perUser + extraConnections * CUSTOM_PLAN.perConnection;
}

export type InvoiceDisplayStatus = 'paid' | 'overdue' | 'open';

/** Pago when paid; Vencido when unpaid and due before today; otherwise Em Aberto. */
export function invoiceDisplayStatus(
  invoice: { status: string; dueDate: string },
  timeZone = 'America/Sao_Paulo',
  now = new Date(),
): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  return invoice.dueDate.slice(0, 10) < todayIn(timeZone, now) ? 'overdue' : 'open';
}

/** The payment providers a checkout may offer; the webhook path names one of them. */
export const PAYMENT_PROVIDERS = ['asaas', 'mercadopago', 'stripe', 'efi'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
