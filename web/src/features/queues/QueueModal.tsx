import { QueueInput, type QueueView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../components/form-errors';
import { notify } from '../../lib/notify';
import { QueueConnectionNotice } from './components/QueueConnectionNotice';
import { QueueDataTab } from './components/QueueDataTab';
import { QueueSchedulesTab } from './components/QueueSchedulesTab';
import { useSaveQueue } from './hooks/use-queues';
import { useScheduleType } from './hooks/use-schedule-type';
import { newQueueValues, type QueueFormValues, toFormValues, toPayload } from './queue-form';

interface Props {
  open: boolean;
  onClose(): void;
  /** null adds a queue. */
  queue: QueueView | null;
}

type TabId = 'data' | 'schedules';

/** The tab holding the first field in error, so a refused save shows the user where to look. */
const tabOf = (errors: FieldErrors<QueueFormValues>): TabId => (errors.outOfHoursMessage || errors.schedules ? 'schedules' : 'data');

/**
 * The queue modal (spec 2 "Queues"): "Dados da fila" with the chatbot option editor, and the service
 * hours tab when the company's scheduleType is 'queue'. The contract's QueueInput validates the
 * whole form, so the form and the server give the same messages; company rules (unique colour,
 * greeting needed once there are several queues) come back as ERR_* codes in the error toast.
 */
export default function QueueModal({ open, onClose, queue }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSaveQueue();
  const showSchedules = useScheduleType() === 'queue';
  const [tab, setTab] = useState<TabId>('data');
  const form = useForm<QueueFormValues>({
    resolver: zodResolver(QueueInput) as unknown as Resolver<QueueFormValues>,
    defaultValues: queue ? toFormValues(queue) : newQueueValues(),
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const botChanged = !!form.formState.dirtyFields.chatbots;
        await save.mutateAsync({ id: queue?.id ?? null, payload: toPayload(values, { removeToken: form.getValues('removeToken') }) });
        notify(t('common.operationSuccess'));
        // The chatbot options are saved with the queue; the spec's own toast says so (spec 2 §8).
        if (botChanged) notify(t('queues.botSaved'));
        onClose();
      } catch (err) {
        applyServerErrors(err, form.setError);
        setTab(tabOf(form.formState.errors));
      }
    },
    (errors) => setTab(showSchedules ? tabOf(errors) : 'data'),
  );

  const current = showSchedules ? tab : 'data';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
      aria-labelledby="queue-modal-title"
    >
      <DialogTitle id="queue-modal-title">{queue ? t('queues.modal.titleEdit') : t('queues.modal.titleAdd')}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <Tabs
          value={current}
          onChange={(_, v: TabId) => setTab(v)}
          variant="scrollable"
          scrollButtons={false}
          sx={{ px: { xs: 0, sm: 3 }, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="data" label={t('queues.modal.tabs.data')} />
          {showSchedules && <Tab value="schedules" label={t('queues.modal.tabs.schedules')} data-testid="queue-tab-schedules" />}
        </Tabs>
        <DialogContent>
          <Box hidden={current !== 'data'}>
            <Box sx={{ pt: 1 }}>
              <QueueConnectionNotice queueId={queue?.id ?? null} />
            </Box>
            <QueueDataTab form={form} hasToken={!!queue?.hasToken} />
          </Box>
          {showSchedules && (
            <Box hidden={current !== 'schedules'}>
              <QueueSchedulesTab form={form} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            data-testid="queue-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {queue ? t('common.save') : t('common.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
