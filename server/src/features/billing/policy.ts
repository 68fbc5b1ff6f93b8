import type { Actor } from '@chatflow/contract';

/** The platform operator sees every company's invoices; everyone else only their company's. */
export const canSeeEveryCompanysInvoices = (actor: Actor) => actor.super;
