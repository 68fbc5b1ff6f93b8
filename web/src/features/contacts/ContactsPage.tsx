import { FreshRecord } from '../../components/FreshRecord';
import { type ContactView, hasPermission, isAdmin, SEARCH_COUNT_CAP } from '@chatflow/contract';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { ContactsTable } from './components/ContactsTable';
import { ImportExportMenu } from './components/ImportExportMenu';
import { MergeContactDialog } from './components/MergeContactDialog';
import { StartTicketDialogs } from './components/StartTicketDialogs';
import { TagFilter } from './components/TagFilter';
import ContactModal from './ContactModal';
import { useBlockContact, useDeleteContact } from './hooks/use-contact-mutations';
import { useContacts } from './hooks/use-contacts';
import { useContactsRealtime } from './hooks/use-contacts-realtime';
import { useDebounced } from '../../lib/use-debounced';
import { useStartTicket } from './hooks/use-start-ticket';

/**
 * /contacts (spec 2 "Contacts administration"): search, tag filter, import/export, add, edit,
 * block/unblock, delete (admins), merge two contacts (admins), start a ticket, infinite scroll and live updates.
 */
export default function ContactsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [typed, setTyped] = useState('');
  const [tagIds, setTagIds] = useState<number[]>([]);
  const searchParam = useDebounced(typed);
  const query = useContacts({ searchParam, tagIds });
  const contacts = query.data?.pages.flatMap((p) => p.contacts) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  // A search's count stops at SEARCH_COUNT_CAP on the server (a larger one reads as the cap): "99+", as the tickets' badges.
  const shownCount = searchParam.trim() && count >= SEARCH_COUNT_CAP ? `${SEARCH_COUNT_CAP - 1}+` : `${count}`;
  const scroll = useLoadMoreOnScroll(query, contacts.length);
  const [editing, setEditing] = useState<ContactView | null | undefined>(undefined); // undefined: closed; null: new
  const [merging, setMerging] = useState<ContactView | null>(null);
  const remove = useDeleteContact();
  const deleting = useConfirmedDelete<ContactView>((c) => remove.mutateAsync(c.id), t('contacts.deleted'));
  const block = useBlockContact();
  const startTicket = useStartTicket();
  useContactsRealtime();

  useErrorToast(query);

  const toggleBlock = async (contact: ContactView) => {
    try {
      await block.mutateAsync({ id: contact.id, active: !contact.active });
      notify(contact.active ? t('contacts.blocked') : t('contacts.unblocked'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={`${t('contacts.title')} (${shownCount})`}
        titleTestId="contacts-title"
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('contacts.searchPlaceholder')}
        searchTestId="contacts-search"
        addLabel={t('contacts.add')}
        onAdd={() => setEditing(null)}
        addTestId="add-contact"
        stackBelow="md"
      >
        <TagFilter value={tagIds} onChange={setTagIds} />
        <ImportExportMenu />
      </ListPageHeader>

      <ContactsTable
        contacts={contacts}
        loading={query.isLoading}
        loadingMore={query.isFetchingNextPage}
        canDelete={!!user && hasPermission(user, 'contacts-page:deleteContact')}
        onStartTicket={startTicket.begin}
        onEdit={setEditing}
        onToggleBlock={toggleBlock}
        onDelete={deleting.ask}
        canMerge={!!user && isAdmin(user)}
        onMerge={setMerging}
        scrollRef={scroll.ref}
        onScroll={scroll.onScroll}
      />

      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/contacts" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <ContactModal open contact={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('contacts.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('contacts.deleteMessage')}
      </ConfirmationDialog>
      {merging && <MergeContactDialog key={merging.id} contact={merging} onClose={() => setMerging(null)} />}
      <StartTicketDialogs flow={startTicket} />
    </Stack>
  );
}
