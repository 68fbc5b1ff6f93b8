import type { FlowSummaryView } from '@chatflow/contract';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useConfirmTarget } from '../../components/use-confirm-target';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/use-debounced';
import { FlowNameDialog } from './components/FlowNameDialog';
import { type FlowRowAction, FlowsTable } from './components/FlowsTable';
import { useCreateFlow, useDeleteFlow, useDuplicateFlow, useFlows, useUpdateFlow } from './hooks/use-flows';
import { useFlowsRealtime } from './hooks/use-flows-realtime';

/** /flowbuilders (spec 3 "Flow builder"): search (500 ms), infinite scroll, add, rename, on/off switch, duplicate, delete, live updates. */
export default function FlowsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const query = useFlows(useDebounced(typed));
  const records = query.data?.pages.flatMap((p) => p.flows) ?? [];
  const scroll = useLoadMoreOnScroll(query, records.length);
  const [naming, setNaming] = useState<FlowSummaryView | null | undefined>(undefined); // undefined: closed; null: new
  const create = useCreateFlow();
  const update = useUpdateFlow();
  const duplicate = useDuplicateFlow();
  const remove = useDeleteFlow();
  const deleting = useConfirmedDelete<FlowSummaryView>((row) => remove.mutateAsync(row.id), t('flows.deleted'));
  const duplicating = useConfirmTarget<FlowSummaryView>();
  useFlowsRealtime();
  useErrorToast(query);

  const open = (f: FlowSummaryView) => navigate(`/flowbuilder/${f.id}`);
  const onAction = (action: FlowRowAction, f: FlowSummaryView) => {
    if (action === 'rename') setNaming(f);
    else if (action === 'edit') open(f);
    else if (action === 'duplicate') duplicating.ask(f);
    else deleting.ask(f);
  };
  const confirmDuplicate = async () => {
    if (!duplicating.target) return;
    try {
      await duplicate.mutateAsync(duplicating.target.id);
      notify(t('flows.duplicated'));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };
  const toggle = async (f: FlowSummaryView, active: boolean) => {
    try {
      await update.mutateAsync({ flowId: f.id, name: f.name, active });
      notify(t(active ? 'flows.activated' : 'flows.deactivated'));
    } catch (err) {
      toastError(err);
    }
  };
  const saveName = async (name: string) => {
    if (naming) {
      await update.mutateAsync({ flowId: naming.id, name });
      notify(t('flows.renamed'));
    } else {
      await create.mutateAsync(name);
      notify(t('flows.created'));
    }
  };

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={t('flows.title')}
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('flows.searchPlaceholder')}
        addLabel={t('flows.add')}
        onAdd={() => setNaming(null)}
        addTestId="add-flow"
      />
      <FlowsTable
        records={records}
        loading={query.isLoading}
        loadingMore={query.isFetchingNextPage}
        onOpen={open}
        onAction={onAction}
        onToggle={toggle}
        scrollRef={scroll.ref}
        onScroll={scroll.onScroll}
      />
      {naming !== undefined && (
        <FlowNameDialog key={naming?.id ?? 'new'} initialName={naming?.name} onSubmit={saveName} onClose={() => setNaming(undefined)} />
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('flows.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('flows.deleteMessage')}
      </ConfirmationDialog>
      <ConfirmationDialog
        open={duplicating.open}
        title={t('flows.duplicateTitle', { name: duplicating.target?.name ?? '' })}
        onConfirm={confirmDuplicate}
        onClose={duplicating.close}
        confirmColor="primary"
      >
        {t('flows.duplicateMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
