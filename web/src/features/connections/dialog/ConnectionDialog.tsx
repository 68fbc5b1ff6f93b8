import type { ConnectionView, QueueView } from '@chatflow/contract';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/providers/AuthProvider';
import { applyServerErrors } from '../../../components/form-errors';
import { ApiError, api } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { upsertConnection, useGreetingMedia, useSaveConnection } from '../hooks/use-connections';
import { importNeedsNewLogin, warnImportNeedsNewLogin } from './import-warning';
import { AssessmentsTab } from './AssessmentsTab';
import { ChatbotTab } from './ChatbotTab';
import { DefaultFlowTab } from './DefaultFlowTab';
import { type ConnectionFormValues, connectionFormSchema, type DialogChannel, newConnectionValues, toFormValues } from './connection-form';
import { GeneralTab } from './GeneralTab';
import { IntegrationsTab } from './IntegrationsTab';
import { MessagesTab } from './MessagesTab';
import { SchedulesTab } from './SchedulesTab';

/** Meta's and the server's refusals of the Cloud API phone number id: shown under that field, not in a toast. */
const NUMBER_REFUSALS = new Set(['ERR_META_NUMBER_NOT_OWNED', 'ERR_META_ACCOUNT_IN_USE']);

/** What a greeting may carry (the input's accept list): the server still checks the bytes. */
const isGreetingMedia = (file: File) => /^(image|video)\//.test(file.type) && file.type !== 'image/svg+xml';

type TabKey = 'general' | 'integrations' | 'messages' | 'chatbot' | 'assessments' | 'defaultFlow' | 'schedules';

/** The tab that shows each field, so a failed save opens the tab of its first error. */
const TAB_OF: Partial<Record<keyof ConnectionFormValues, TabKey>> = {
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  inactiveMessage: 'messages',
  expiresInactiveMessage: 'messages',
  timeInactiveMessage: 'messages',
  collectiveVacationStart: 'messages',
  collectiveVacationEnd: 'messages',
  collectiveVacationMessage: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  expiresTicket: 'chatbot',
  whenExpiresTicket: 'chatbot',
  timeSendQueue: 'chatbot',
  sendIdQueue: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  ratingMessage: 'assessments',
  expiresTicketNPS: 'assessments',
  maxUseBotQueuesNPS: 'assessments',
  schedules: 'schedules',
  flowIdWelcome: 'defaultFlow',
  flowIdNotPhrase: 'defaultFlow',
  integrationId: 'integrations',
  promptId: 'integrations',
};

interface Props {
  /** null adds a connection. */
  connection: ConnectionView | null;
  /** The channel of a new connection (an edit keeps the connection's). */
  channel?: DialogChannel;
  onClose(): void;
}

/**
 * The connection dialog (spec 2 §2): general, integrations, messages, chatbot, assessments and, when
 * the scheduleType setting is 'connection', schedules; and the "default flow" tab (welcome and not-phrase flows). The contract's schema plus the shared cross-field rules validate it, as the server does.
 */
export default function ConnectionDialog({ connection, channel = 'whatsapp', onClose }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [tab, setTab] = useState<TabKey>('general');
  const [file, setFile] = useState<File | null>(null);
  const [removeStored, setRemoveStored] = useState(false);
  // The connection once stored: should its greeting media be refused, the next save updates it instead of adding another.
  const [savedId, setSavedId] = useState<number | null>(connection?.id ?? null);
  const qc = useQueryClient();
  const save = useSaveConnection();
  const media = useGreetingMedia();
  const { data: queues = [] } = useQuery({ queryKey: ['queues'], queryFn: () => api.get<QueueView[]>('/queue') });
  const { data: settings } = useQuery({
    queryKey: ['settings', 'company-object', user?.companyId],
    queryFn: () => api.get<Record<string, string>>(`/companySettings/${user?.companyId}`),
    enabled: !!user,
  });
  const userRating = settings?.userRating === 'enabled';
  const withSchedules = settings?.scheduleType === 'connection';

  const form = useForm<ConnectionFormValues>({
    resolver: zodResolver(connectionFormSchema(userRating, connection?.hasToken ?? false)) as unknown as Resolver<ConnectionFormValues>,
    defaultValues: connection ? toFormValues(connection) : newConnectionValues(channel),
  });

  const showFirstError = (errors: FieldErrors<ConnectionFormValues>) => {
    const first = Object.keys(errors)[0] as keyof ConnectionFormValues | undefined;
    if (first) setTab(TAB_OF[first] ?? 'general');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const payload = withSchedules ? values : { ...values, schedules: undefined };
    // Validate first, save once: a greeting file of the wrong kind is refused before anything is stored.
    if (file && !isGreetingMedia(file)) {
      notify(t('backendErrors.ERR_INVALID_FILE'), 'error', 2000);
      setTab('messages');
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: savedId, payload });
      setSavedId(saved.id);
      if (file) await media.mutateAsync({ id: saved.id, file });
      else if (removeStored) await media.mutateAsync({ id: saved.id, file: null });
      // The range is saved first, so the new session is made knowing it asks for the phone's whole history.
      if (importNeedsNewLogin(connection, values)) {
        warnImportNeedsNewLogin(t);
        await api.delete(`/whatsappsession/${saved.id}`);
        upsertConnection(qc, { ...saved, status: 'qrcode' });
      }
      notify(t('common.operationSuccess'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code && NUMBER_REFUSALS.has(err.code)) {
        form.setError('facebookPageUserId', { message: `backendErrors.${err.code}` });
        setTab('general');
        return;
      }
      applyServerErrors(err, form.setError);
      const fields = (err as { fields?: { field: string }[] }).fields;
      if (fields?.[0]) setTab(TAB_OF[fields[0].field as keyof ConnectionFormValues] ?? 'general');
    }
  }, showFirstError);

  const tabs: TabKey[] = [
    'general',
    'integrations',
    'messages',
    'chatbot',
    'assessments',
    'defaultFlow',
    ...(withSchedules ? (['schedules'] as const) : []),
  ];
  const submitting = form.formState.isSubmitting;

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen} scroll="paper" aria-labelledby="connection-dialog-title">
      <DialogTitle id="connection-dialog-title">
        {connection ? t('connections.dialog.titleEdit') : t('connections.dialog.titleAdd')}
      </DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <Tabs
          value={tab}
          onChange={(_, v) => setTab(v)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((key) => (
            <Tab key={key} value={key} label={t(`connections.dialog.tabs.${key}`)} data-testid={`connection-tab-${key}`} />
          ))}
        </Tabs>
        <DialogContent sx={{ minHeight: { sm: 420 } }}>
          <Box sx={{ pt: 1 }}>
            {tab === 'general' && <GeneralTab form={form} queues={queues} connection={connection} />}
            {tab === 'integrations' && <IntegrationsTab form={form} />}
            {tab === 'messages' && (
              <MessagesTab
                form={form}
                connection={connection}
                file={file}
                onFile={setFile}
                removeStored={removeStored}
                onRemoveStored={() => setRemoveStored(true)}
              />
            )}
            {tab === 'chatbot' && <ChatbotTab form={form} queues={queues} />}
            {tab === 'assessments' && <AssessmentsTab form={form} userRating={userRating} />}
            {tab === 'defaultFlow' && <DefaultFlowTab form={form} />}
            {tab === 'schedules' && <SchedulesTab form={form} />}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} /> : undefined}
            data-testid="save-connection"
          >
            {connection ? t('common.save') : t('connections.dialog.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
