import type { PlanView } from '@chatflow/contract';
import { Alert, Box, Divider, LinearProgress, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useConfirmTarget } from '../../components/use-confirm-target';
import { useEditing } from '../../components/use-editing';
import { useDeletePlan, usePlans } from './hooks';
import { PlanForm } from './PlanForm';
import { PlansTable } from './PlansTable';

/** The super user's plans screen: a form on top, the table below (settings tab "Planos"). */
export function PlansManager() {
  const { t } = useTranslation();
  const plans = usePlans();
  const remove = useDeletePlan();
  const form = useEditing<PlanView>('/plans');
  const deleting = useConfirmTarget<PlanView>();

  const confirmDelete = async () => {
    const plan = deleting.target;
    if (!plan) return;
    try {
      await remove.mutateAsync(plan.id);
      notify(t('plans.toasts.deleted'));
      if (form.editing?.id === plan.id) form.done();
    } catch (err) {
      toastError(err); // ERR_PLAN_IN_USE: "Este plano está em uso por alguma empresa."
      throw err;
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <PlanForm key={form.formKey} editing={form.editing} onDone={form.done} />
      <Divider sx={{ my: 2 }} />
      {plans.isLoading && <LinearProgress />}
      {plans.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
      {/* Wide tables scroll sideways inside the screen instead of being cut off on the right. */}
      <Box sx={{ minWidth: 0, maxWidth: '100%', overflowX: 'auto' }}>
        <PlansTable plans={plans.data ?? []} onEdit={form.edit} onDelete={deleting.ask} />
      </Box>
      <ConfirmationDialog
        open={deleting.open}
        title={t('plans.confirm.deleteTitle', { name: deleting.target?.name ?? '' })}
        onClose={deleting.close}
        onConfirm={confirmDelete}
      >
        {t('plans.confirm.deleteText')}
      </ConfirmationDialog>
    </Paper>
  );
}
