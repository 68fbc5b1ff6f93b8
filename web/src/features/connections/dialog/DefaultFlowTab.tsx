import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFlowChoices } from '../../flow-campaigns';
import { type ConnectionForm, QueueSelect } from './fields';

/**
 * "Default flow" tab (spec 2 §3 Links: flowIdWelcome, flowIdNotPhrase): the flow a new ticket's first
 * message starts, and the flow run when a message matches no phrase campaign. Empty means none.
 */
export function DefaultFlowTab({ form }: { form: ConnectionForm }) {
  const { t } = useTranslation();
  const { data: flows = [] } = useFlowChoices();
  return (
    <Stack spacing={2}>
      <Alert severity="info">{t('connections.dialog.defaultFlowHint')}</Alert>
      <QueueSelect form={form} name="flowIdWelcome" label={t('connections.dialog.flowIdWelcome')} queues={flows} />
      <QueueSelect form={form} name="flowIdNotPhrase" label={t('connections.dialog.flowIdNotPhrase')} queues={flows} />
    </Stack>
  );
}
