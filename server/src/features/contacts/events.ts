import type { DbOrTx } from '../../db/client';
import type { ContactRow } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import type { Realtime } from '../../realtime/emit';
import { eventViewer } from './lgpd';
import { contactView } from './queries';

/**
 * Queues company-{id}-contact for after the commit. The view is read inside the transaction, so it
 * carries the tags and extra info as committed; numbers are masked while the company hides them.
 */
export async function announceContact(tx: HookedTx, realtime: Realtime, contact: ContactRow, action: 'create' | 'update') {
  const view = await contactView(tx, contact, await eventViewer(tx, contact.companyId));
  tx.afterCommit(() => realtime.toCompany(contact.companyId, 'contact', { action, contact: view }));
}

export function announceContactDeleted(tx: HookedTx, realtime: Realtime, companyId: number, contactId: number) {
  tx.afterCommit(() => realtime.toCompany(companyId, 'contact', { action: 'delete', contactId }));
}

/** A transaction that can run hooks after its commit (the request context's), or a plain one. */
export const hasHooks = (tx: DbOrTx): tx is HookedTx => typeof (tx as Partial<HookedTx>).afterCommit === 'function';
