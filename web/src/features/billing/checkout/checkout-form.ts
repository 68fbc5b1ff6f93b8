import { CUSTOM_PLAN, customPlanPrice, type InvoiceView, type PlanView, type SubscriptionInput } from '@chatflow/contract';

/** The wizard's steps (spec 2 §4 Checkout), then the payment step that shows what POST /subscription answered. */
export const CHECKOUT_STEPS = ['data', 'customize', 'review'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number] | 'payment';

export interface CheckoutValues {
  firstName: string;
  document: string;
  email: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  plan: number | 'custom';
  users: number;
  connections: number;
}

/** The fields each step checks before the next one opens. */
export const STEP_FIELDS: Record<(typeof CHECKOUT_STEPS)[number], (keyof CheckoutValues)[]> = {
  data: ['firstName', 'document', 'email', 'plan'],
  customize: ['users', 'connections'],
  review: [],
};

export function initialCheckoutValues(email: string, invoice: InvoiceView | null): CheckoutValues {
  return {
    firstName: '',
    document: '',
    email,
    address2: '',
    city: '',
    state: '',
    zipcode: '',
    plan: 'custom',
    users: Math.max(CUSTOM_PLAN.minUsers, invoice?.users ?? 0),
    connections: Math.max(CUSTOM_PLAN.minConnections, invoice?.connections ?? 0),
  };
}

/** What the chosen plan costs a month, as the server will price it. */
export function monthlyPrice(values: Pick<CheckoutValues, 'plan' | 'users' | 'connections'>, plans: readonly PlanView[]): number {
  if (values.plan === 'custom') return customPlanPrice(values.users, values.connections);
  return Number(plans.find((p) => p.id === values.plan)?.amount ?? 0);
}

/** The users and connections the order buys: the custom counters, or the plan's. */
export function orderCounts(values: CheckoutValues, plans: readonly PlanView[]) {
  if (values.plan === 'custom') return { users: values.users, connections: values.connections };
  const plan = plans.find((p) => p.id === values.plan);
  return { users: plan?.users ?? 0, connections: plan?.connections ?? 0 };
}

export function toSubscriptionInput(values: CheckoutValues, plans: readonly PlanView[], invoiceId: number | null): SubscriptionInput {
  const counts = orderCounts(values, plans);
  return {
    firstName: values.firstName,
    document: values.document,
    email: values.email,
    address2: values.address2,
    city: values.city,
    state: values.state,
    zipcode: values.zipcode,
    country: 'BR',
    plan: values.plan,
    price: monthlyPrice(values, plans),
    // The server reads the counters only for the custom plan; a fixed plan's own counts may be below its minimum.
    users: Math.max(CUSTOM_PLAN.minUsers, counts.users),
    connections: Math.max(CUSTOM_PLAN.minConnections, counts.connections),
    ...(invoiceId ? { invoiceId } : {}),
  };
}
