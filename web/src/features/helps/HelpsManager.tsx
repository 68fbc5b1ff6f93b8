import type { HelpView } from '@chatflow/contract';
import { Alert, Divider, LinearProgress, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useConfirmTarget } from '../../components/use-confirm-target';
import { useEditing } from '../../components/use-editing';
import { HelpForm } from './HelpForm';
import { HelpsTable } from './HelpsTable';
import { useDeleteHelp, useHelps } from './hooks';

/** The super user's help videos (settings tab "Ajuda"): form on top, table below. */
export function HelpsManager() {
  const { t } = useTranslation();
  const helps = useHelps();
  const remove = useDeleteHelp();
  const form = useEditing<HelpView>('/helps');
  const deleting = useConfirmTarget<HelpView>();

  const confirmDelete = async () => {
    const help = deleting.target;
    if (!help) return;
    try {
      await remove.mutateAsync(help.id);
      notify(t('helps.toasts.deleted'));
      if (form.editing?.id === help.id) form.done();
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <HelpForm key={form.formKey} editing={form.editing} onDone={form.done} />
      <Divider sx={{ my: 2 }} />
      {helps.isLoading && <LinearProgress />}
      {helps.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
      <HelpsTable helps={helps.data ?? []} onEdit={form.edit} onDelete={deleting.ask} />
      <ConfirmationDialog
        open={deleting.open}
        title={t('helps.confirm.deleteTitle', { title: deleting.target?.title ?? '' })}
        onClose={deleting.close}
        onConfirm={confirmDelete}
      >
        {t('helps.confirm.deleteText')}
      </ConfirmationDialog>
    </Paper>
  );
}
