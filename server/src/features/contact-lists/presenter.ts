import type { ContactListItemView, ContactListView } from '@chatflow/contract';
import type { ContactListItemRow, ContactListRow } from '../../db/schema';

/** Whitelists of what leaves the server about contact lists and their items. */
export const presentContactList = (row: ContactListRow, contactsCount: number): ContactListView => ({
  id: row.id,
  name: row.name,
  companyId: row.companyId,
  contactsCount,
});

export const presentContactListItem = (row: ContactListItemRow): ContactListItemView => ({
  id: row.id,
  name: row.name,
  number: row.number,
  email: row.email,
  isWhatsappValid: row.isWhatsappValid,
  companyId: row.companyId,
  contactListId: row.contactListId,
});
