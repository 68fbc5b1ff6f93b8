import { FreshRecord } from '../../components/FreshRecord';
import { type ContactListItemView, hasPermission } from '@chatflow/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Button,
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
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { useDebounced } from '../../lib/use-debounced';
import { ContactListItemModal } from './components/ContactListItemModal';
import { ImportDialog } from './components/ImportDialog';
import {
  useContactList,
  useContactListItems,
  useContactListItemsRealtime,
  useContactListsRealtime,
  useDeleteItem,
} from './hooks/use-contact-lists';

function ValidIcon({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation();
  if (valid === null)
    return (
      <Tooltip title={t('contactLists.items.unchecked')}>
        <HelpOutlineIcon fontSize="small" color="disabled" aria-label={t('contactLists.items.unchecked')} />
      </Tooltip>
    );
  return valid ? (
    <Tooltip title={t('contactLists.items.valid')}>
      <CheckCircleIcon fontSize="small" sx={{ color: 'success.main' }} aria-label={t('contactLists.items.valid')} />
    </Tooltip>
  ) : (
    <Tooltip title={t('contactLists.items.invalid')}>
      <BlockIcon fontSize="small" color="error" aria-label={t('contactLists.items.invalid')} />
    </Tooltip>
  );
}

/** /contact-lists/{id}/contacts: the list's name, its items with the WhatsApp-valid icon, import and add. */
export default function ContactListItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const listId = Number(useParams().contactListId);
  const list = useContactList(listId);
  const [typed, setTyped] = useState('');
  const query = useContactListItems(listId, useDebounced(typed));
  const records = query.data?.pages.flatMap((p) => p.contacts) ?? [];
  const scroll = useLoadMoreOnScroll(query, records.length);
  const [editing, setEditing] = useState<ContactListItemView | null | undefined>(undefined);
  const [importing, setImporting] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const remove = useDeleteItem(listId);
  const deleting = useConfirmedDelete<ContactListItemView>((row) => remove.mutateAsync(row.id), t('contactLists.items.deleted'));
  const canDelete = !!user && hasPermission(user, 'contacts-page:deleteContact');
  useContactListItemsRealtime(listId);
  useContactListsRealtime();
  useErrorToast(query);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={list.data ? `${t('contactLists.items.title')}: ${list.data.name}` : t('contactLists.items.title')}
        titleTestId="contact-list-title"
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('contactLists.search')}
        addLabel={t('contactLists.items.add')}
        onAdd={() => setEditing(null)}
        addTestId="add-contact-list-item"
      >
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate('/contact-lists')}>
            {t('contactLists.items.backToLists')}
          </Button>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} data-testid="import-items">
            {t('contactLists.items.import')}
          </Button>
        </Stack>
      </ListPageHeader>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".xls,.xlsx,.csv"
        data-testid="import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) setImporting(file);
        }}
      />
      <TableContainer
        component={Paper}
        variant="outlined"
        ref={scroll.ref}
        onScroll={scroll.onScroll}
        sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
      >
        <Table size="small" stickyHeader aria-label={t('contactLists.items.title')} sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell align="center" sx={{ width: 40 }} aria-label="WhatsApp">
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  WhatsApp
                </Box>
              </TableCell>
              <TableCell>{t('contactLists.items.name')}</TableCell>
              <TableCell>{t('contactLists.items.number')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('contactLists.items.email')}</TableCell>
              <TableCell align="center">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((item) => (
              <TableRow key={item.id} hover data-testid="contact-list-item-row">
                <TableCell align="center">
                  <ValidIcon valid={item.isWhatsappValid} />
                </TableCell>
                <TableCell>{item.name}</TableCell>
                <TableCell>{item.number}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{item.email}</TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton size="small" aria-label={t('common.edit')} onClick={() => setEditing(item)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  {canDelete && (
                    <IconButton size="small" aria-label={t('common.delete')} onClick={() => deleting.ask(item)}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {(query.isLoading || query.isFetchingNextPage) && (
              <TableRow>
                <TableCell colSpan={5} align="center">
                  <CircularProgress size={22} />
                </TableCell>
              </TableRow>
            )}
            {!query.isLoading && records.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('common.noRecords')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/contact-list-items" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <ContactListItemModal listId={listId} record={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      {importing && <ImportDialog listId={listId} file={importing} onClose={() => setImporting(null)} />}
      <ConfirmationDialog
        open={deleting.open}
        title={t('contactLists.items.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('contactLists.items.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
