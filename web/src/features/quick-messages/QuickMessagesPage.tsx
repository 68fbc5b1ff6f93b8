import { FreshRecord } from '../../components/FreshRecord';
import type { QuickMessageView } from '@chatflow/contract';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { useDebounced } from '../../lib/use-debounced';
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
  const remove = useDeleteQuickMessage();
  const deleting = useConfirmedDelete<QuickMessageView>((row) => remove.mutateAsync(row.id), t('quickMessages.deleted'));
  useQuickMessagesRealtime();
  useErrorToast(query);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={t('quickMessages.title')}
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('quickMessages.searchPlaceholder')}
        addLabel={t('quickMessages.add')}
        onAdd={() => setEditing(null)}
        addTestId="add-quick-message"
      />
      <QuickMessagesTable
        records={records}
        loading={query.isLoading}
        loadingMore={query.isFetchingNextPage}
        meId={user?.id}
        onEdit={setEditing}
        onDelete={deleting.ask}
        scrollRef={scroll.ref}
        onScroll={scroll.onScroll}
      />
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/quick-messages" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <QuickMessageModal open record={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('quickMessages.deleteTitle', { name: deleting.target?.shortcode ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('quickMessages.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
