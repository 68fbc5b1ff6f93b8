import type { ContactListItemView, ContactListView } from '@chatflow/contract';
import type { HookedTx } from '../../http/context';
import type { Realtime } from '../../realtime/emit';

/** company-{id}-ContactList and company-{id}-ContactListItem, after the commit. */
export const contactListEvents = {
  saved(tx: HookedTx, realtime: Realtime, record: ContactListView, action: 'create' | 'update') {
    tx.afterCommit(() => realtime.toCompany(record.companyId, 'ContactList', { action, record }));
  },
  deleted(tx: HookedTx, realtime: Realtime, companyId: number, id: number) {
    tx.afterCommit(() => realtime.toCompany(companyId, 'ContactList', { action: 'delete', id }));
  },
  itemSaved(tx: HookedTx, realtime: Realtime, record: ContactListItemView, action: 'create' | 'update') {
    tx.afterCommit(() => realtime.toCompany(record.companyId, 'ContactListItem', { action, record }));
  },
  itemDeleted(tx: HookedTx, realtime: Realtime, companyId: number, id: number, contactListId: number) {
    tx.afterCommit(() => realtime.toCompany(companyId, 'ContactListItem', { action: 'delete', id, contactListId }));
  },
};
