import { FreshRecord } from '../../components/FreshRecord';
import type { QueueIntegrationView } from '@chatflow/contract';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { useDebounced } from '../../lib/use-debounced';
import { IntegrationsTable } from './components/IntegrationsTable';
import { useDeleteIntegration, useIntegrations } from './hooks/use-integrations';
import { useIntegrationsRealtime } from './hooks/use-integrations-realtime';
import IntegrationDialog from './IntegrationDialog';

/**
 * /queue-integration (spec 3 "Queue integrations"): the count, search, infinite scroll, add, edit,
 * delete with confirmation, live updates. Admins of a plan with integrations only (router).
 */
export default function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const query = useIntegrations(useDebounced(typed));
  const records = query.data?.pages.flatMap((p) => p.queueIntegrations) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  const scroll = useLoadMoreOnScroll(query, records.length);
  const [editing, setEditing] = useState<QueueIntegrationView | null | undefined>(undefined); // undefined: closed; null: new
  const remove = useDeleteIntegration();
  const deleting = useConfirmedDelete<QueueIntegrationView>((row) => remove.mutateAsync(row.id), t('integrations.deleted'));
  useIntegrationsRealtime();
  useErrorToast(query);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={t('integrations.title', { count })}
        titleTestId="integrations-title"
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('integrations.searchPlaceholder')}
        addLabel={t('integrations.add')}
        onAdd={() => setEditing(null)}
        addTestId="add-integration"
      />
      <IntegrationsTable
        records={records}
        loading={query.isLoading}
        loadingMore={query.isFetchingNextPage}
        onEdit={setEditing}
        onDelete={deleting.ask}
        scrollRef={scroll.ref}
        onScroll={scroll.onScroll}
      />
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/queueIntegration" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <IntegrationDialog record={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('integrations.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('integrations.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
