import { FreshRecord } from '../../components/FreshRecord';
import type { ContactListView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PeopleIcon from '@mui/icons-material/People';
import {
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/providers/AuthProvider';
import { useCanOpen } from '../../app/routes/use-can-open';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { toastError } from '../../lib/errors';
import { useDebounced } from '../../lib/use-debounced';
import { ContactListModal } from './components/ContactListModal';
import { downloadExample } from './hooks/files';
import { useContactLists, useContactListsRealtime, useDeleteContactList } from './hooks/use-contact-lists';

/** /contact-lists (spec 3 "Contact lists"): name, contacts count, and the actions of each list. */
export default function ContactListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const isAdmin = user?.profile === 'admin';
  // The items screen is for admins (spec 3): an agent is not offered a door that answers "Acesso Negado".
  const canOpenItems = useCanOpen('/contact-lists/:contactListId/contacts');
  const [typed, setTyped] = useState('');
  const query = useContactLists(useDebounced(typed));
  const records = query.data?.pages.flatMap((p) => p.records) ?? [];
  const scroll = useLoadMoreOnScroll(query, records.length);
  const [editing, setEditing] = useState<ContactListView | null | undefined>(undefined);
  const remove = useDeleteContactList();
  const deleting = useConfirmedDelete<ContactListView>((row) => remove.mutateAsync(row.id), t('contactLists.deleted'));
  useContactListsRealtime();
  useErrorToast(query);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={t('contactLists.title')}
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('contactLists.search')}
        addLabel={t('contactLists.add')}
        onAdd={() => (isAdmin ? setEditing(null) : navigate('/403'))}
        addTestId="add-contact-list"
      />
      <TableContainer
        component={Paper}
        variant="outlined"
        ref={scroll.ref}
        onScroll={scroll.onScroll}
        sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
      >
        <Table size="small" stickyHeader aria-label={t('contactLists.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('contactLists.name')}</TableCell>
              <TableCell align="center">{t('contactLists.contacts')}</TableCell>
              <TableCell align="center">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((list) => (
              <TableRow key={list.id} hover data-testid="contact-list-row">
                <TableCell>{list.name}</TableCell>
                <TableCell align="center">{list.contactsCount}</TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('contactLists.example')}>
                    <IconButton size="small" aria-label={t('contactLists.example')} onClick={() => downloadExample().catch(toastError)}>
                      <DownloadIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {canOpenItems && (
                    <Tooltip title={t('contactLists.openItems')}>
                      <IconButton
                        size="small"
                        aria-label={t('contactLists.openItems')}
                        onClick={() => navigate(`/contact-lists/${list.id}/contacts`)}
                      >
                        <PeopleIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {isAdmin && (
                    <>
                      <IconButton size="small" aria-label={t('common.edit')} onClick={() => setEditing(list)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <IconButton size="small" aria-label={t('common.delete')} onClick={() => deleting.ask(list)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {(query.isLoading || query.isFetchingNextPage) && (
              <TableRow>
                <TableCell colSpan={3} align="center">
                  <CircularProgress size={22} />
                </TableCell>
              </TableRow>
            )}
            {!query.isLoading && records.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('common.noRecords')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/contact-lists" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <ContactListModal record={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('contactLists.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('contactLists.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
