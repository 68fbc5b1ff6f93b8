import type { QuickMessageView } from '@chatflow/contract';
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
import { useDebounced } from '../contacts/hooks/use-debounced';
import { QuickMessagesTable } from './components/QuickMessagesTable';
import { useDeleteQuickMessage, useQuickMessages } from './hooks/use-quick-messages';
import { useQuickMessagesRealtime } from './hooks/use-quick-messages-realtime';
import QuickMessageModal from './QuickMessageModal';

/** /quick-messages (spec 3 "Quick messages"): search, infinite scroll, add, edit, delete, live updates. */
export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [typed, setTyped] = useState('');
  const query = useQuickMessages(useDebounced(typed));
  const records = query.data?.pages.flatMap((p) => p.records) ?? [];
  const scroll = useLoadMoreOnScroll(query, records.length);
  const [editing, setEditing] = useState<QuickMessageView | null | undefined>(undefined); // undefined: closed; null: new
  const deleting = useConfirmTarget<QuickMessageView>();
  const remove = useDeleteQuickMessage();
  useQuickMessagesRealtime();

  useEffect(() => {
    if (query.isError) toastError(query.error);
  }, [query.isError, query.error]);

  const confirmDelete = async () => {
    if (!deleting.target) return;
    try {
      await remove.mutateAsync(deleting.target.id);
      notify(t('quickMessages.deleted'));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>{t('quickMessages.title')}</Typography>
        <TextField size="small" placeholder={t('quickMessages.searchPlaceholder')} value={typed} onChange={(e) => setTyped(e.target.value)}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" color="action" /></InputAdornment> },
            htmlInput: { 'aria-label': t('common.search'), type: 'search' },
          }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="add-quick-message">
          {t('quickMessages.add')}
        </Button>
      </Stack>
      <QuickMessagesTable records={records} loading={query.isLoading} loadingMore={query.isFetchingNextPage} meId={user?.id}
        onEdit={setEditing} onDelete={deleting.ask} scrollRef={scroll.ref} onScroll={scroll.onScroll} />
      {editing !== undefined && (
        <QuickMessageModal key={editing?.id ?? 'new'} open record={editing} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmationDialog open={deleting.open} title={t('quickMessages.deleteTitle', { name: deleting.target?.shortcode ?? '' })}
        onConfirm={confirmDelete} onClose={deleting.close}>
        {t('quickMessages.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
