import { type ContactView, hasPermission } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmTarget } from '../../components/use-confirm-target';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { ContactsTable } from './components/ContactsTable';
import { ImportExportMenu } from './components/ImportExportMenu';
import { StartTicketDialogs } from './components/StartTicketDialogs';
import { TagFilter } from './components/TagFilter';
import ContactModal from './ContactModal';
import { useBlockContact, useDeleteContact } from './hooks/use-contact-mutations';
import { useContacts } from './hooks/use-contacts';
import { useContactsRealtime } from './hooks/use-contacts-realtime';
import { useDebounced } from './hooks/use-debounced';
import { useStartTicket } from './hooks/use-start-ticket';

/**
 * /contacts (spec 2 "Contacts administration"): search, tag filter, import/export, add, edit,
 * block/unblock, delete (admins), start a ticket, infinite scroll and live updates.
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
  const scroll = useLoadMoreOnScroll(query, contacts.length);
  const [editing, setEditing] = useState<ContactView | null | undefined>(undefined); // undefined: closed; null: new
  const deleting = useConfirmTarget<ContactView>();
  const remove = useDeleteContact();
  const block = useBlockContact();
  const startTicket = useStartTicket();
  useContactsRealtime();

  useEffect(() => {
    if (query.isError) toastError(query.error);
  }, [query.isError, query.error]);

  const toggleBlock = async (contact: ContactView) => {
    try {
      await block.mutateAsync({ id: contact.id, active: !contact.active });
      notify(contact.active ? t('contacts.blocked') : t('contacts.unblocked'));
    } catch (err) {
      toastError(err);
    }
  };

  const confirmDelete = async () => {
    if (!deleting.target) return;
    try {
      await remove.mutateAsync(deleting.target.id);
      notify(t('contacts.deleted'));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-testid="contacts-title">
          {t('contacts.title')} ({count})
        </Typography>
        <TextField size="small" placeholder={t('contacts.searchPlaceholder')} value={typed} onChange={(e) => setTyped(e.target.value)}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" color="action" /></InputAdornment> },
            htmlInput: { 'aria-label': t('common.search'), type: 'search', 'data-testid': 'contacts-search' },
          }} />
        <TagFilter value={tagIds} onChange={setTagIds} />
        <ImportExportMenu />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="add-contact" sx={{ whiteSpace: 'nowrap' }}>
          {t('contacts.add')}
        </Button>
      </Stack>

      <ContactsTable contacts={contacts} loading={query.isLoading} loadingMore={query.isFetchingNextPage}
        canDelete={!!user && hasPermission(user, 'contacts-page:deleteContact')}
        onStartTicket={startTicket.begin} onEdit={setEditing} onToggleBlock={toggleBlock} onDelete={deleting.ask}
        scrollRef={scroll.ref} onScroll={scroll.onScroll} />

      {editing !== undefined && <ContactModal key={editing?.id ?? 'new'} open contact={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmationDialog open={deleting.open} title={t('contacts.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={confirmDelete} onClose={deleting.close}>
        {t('contacts.deleteMessage')}
      </ConfirmationDialog>
      <StartTicketDialogs flow={startTicket} />
    </Stack>
  );
}
