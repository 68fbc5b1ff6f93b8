import { Alert, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { type ConnectionForm, QueueSelect } from './fields';

/**
 * Integrations tab (spec 2 §3 Links: integrationId, promptId): the bot (a queue integration) or the AI
 * prompt that serves this connection's customers. The lists come from their own pages; a plan without
 * integrations or OpenAI answers 403 there, and then the tab offers nothing to choose.
 */
export function IntegrationsTab({ form }: { form: ConnectionForm }) {
  const { t } = useTranslation();
  const integrations = useQuery({
    queryKey: ['connections', 'integrations'],
    queryFn: () => api.get<{ queueIntegrations: { id: number; name: string }[] }>('/queueIntegration'),
    retry: false,
  });
  const prompts = useQuery({
    queryKey: ['connections', 'prompts'],
    queryFn: () => api.get<{ prompts: { id: number; name: string }[] }>('/prompt'),
    retry: false,
  });
  const integrationList = integrations.data?.queueIntegrations ?? [];
  const promptList = prompts.data?.prompts ?? [];
  return (
    <Stack spacing={2}>
      {integrationList.length === 0 && promptList.length === 0 && (
        <Alert severity="info">{t('connections.dialog.integrationsEmpty')}</Alert>
      )}
      <QueueSelect form={form} name="integrationId" label={t('connections.dialog.integration')} queues={integrationList} />
      <QueueSelect form={form} name="promptId" label={t('connections.dialog.prompt')} queues={promptList} />
    </Stack>
  );
}
