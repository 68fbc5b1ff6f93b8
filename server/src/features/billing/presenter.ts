import type { InvoiceView } from '@chatflow/contract';
import type { InvoiceRow } from '../../db/schema';

/** Whitelist of what leaves the server about an invoice (never its charges' provider ids). */
export const presentInvoice = (i: InvoiceRow, companyName: string): InvoiceView => ({
  id: i.id,
  companyId: i.companyId,
  companyName,
  detail: i.detail,
  users: i.users,
  connections: i.connections,
  queues: i.queues,
  value: Number(i.value),
  dueDate: i.dueDate,
  status: i.status === 'paid' ? 'paid' : 'open',
  paidAt: i.paidAt ? i.paidAt.toISOString() : null,
});
