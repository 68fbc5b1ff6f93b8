import { type ContactView, isAdmin } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../app/providers/AuthProvider';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';
import { contactsCache } from './use-contacts';

/** The server masks numbers in events while the company hides them (LGPD): events go to everyone. */
const isMasked = (c: ContactView) => c.number.includes('*');

/**
 * company-{id}-contact edits the cached pages in place. An admin sees whole numbers, so a masked
 * event is read again over HTTP for them (one contact, not the list).
 */
export function useContactsRealtime() {
  const qc = useQueryClient();
  const { user } = useAuth();
  const admin = !!user && isAdmin(user);
  useCompanyEvent('contact', (e) => {
    if (e.action === 'delete') return contactsCache.remove(qc, e.contactId);
    if (!admin || !isMasked(e.contact)) return contactsCache.upsert(qc, e.contact);
    api
      .get<ContactView>(`/contacts/${e.contact.id}`)
      .then((whole) => contactsCache.upsert(qc, whole))
      .catch(() => undefined); // deleted meanwhile: its delete event removes the row
  });
}
