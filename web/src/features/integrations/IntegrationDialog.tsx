import {
  QUEUE_INTEGRATION_LANGUAGES,
  QUEUE_INTEGRATION_TYPES,
  QueueIntegrationInput,
  QueueIntegrationUpdateInput,
  type QueueIntegrationView,
} from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { api } from '../../lib/api';
import { notify } from '../../lib/notify';
import { IntegrationLogo } from './components/IntegrationLogo';
import { SigningSecretField } from './components/SigningSecretField';
import { useSaveIntegration, useTestDialogflowSession } from './hooks/use-integrations';
import { type IntegrationFormValues, NEW_INTEGRATION_VALUES, toFormValues } from './integration-form';

interface Props {
  onClose(): void;
  /** null adds an integration. */
  record: QueueIntegrationView | null;
}

type TextKey = Exclude<keyof IntegrationFormValues, 'type' | 'language'>;

/**
 * Add/edit a queue integration (spec 3 "Queue integrations"): the type first, then that type's fields
 * (Typebot defaults: delay 1000 ms, expires 1). Dialogflow can be tried with a real test session; its
 * key is write-only (an edit leaves it empty to keep it). Webhook and n8n make, once, the secret their
 * deliveries are signed with.
 */
export default function IntegrationDialog({ onClose, record }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSaveIntegration();
  const testSession = useTestDialogflowSession();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<IntegrationFormValues>({
    resolver: zodResolver(record ? QueueIntegrationUpdateInput : QueueIntegrationInput) as unknown as Resolver<IntegrationFormValues>,
    defaultValues: record ? toFormValues(record) : NEW_INTEGRATION_VALUES,
  });
  const type = watch('type');
  const flows = useQuery({
    queryKey: ['integrations', 'flows'],
    queryFn: () => api.get<{ id: number; name: string }[]>('/flowcampaign/flows'),
    enabled: type === 'flowbuilder',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: record?.id ?? null, values: values as QueueIntegrationInput });
      notify(t('integrations.saved'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  const runTest = async () => {
    const { projectName, jsonContent, language } = getValues();
    try {
      const result = await testSession.mutateAsync({ id: record?.id, projectName, jsonContent, language });
      notify(t('integrations.dialog.testOk', { text: result.fulfillmentText || result.intent }));
    } catch (err) {
      applyServerErrors(err, setError);
    }
  };

  const text = (
    name: TextKey,
    extra: { multiline?: boolean; rows?: number; required?: boolean; number?: boolean; full?: boolean; hint?: string } = {},
  ) => (
    <Grid size={{ xs: 12, sm: extra.full || extra.multiline ? 12 : 6 }}>
      <TextField
        label={t(`integrations.dialog.${name}`)}
        fullWidth
        required={extra.required}
        multiline={extra.multiline}
        minRows={extra.rows}
        maxRows={extra.rows ? extra.rows + 6 : undefined}
        type={extra.number ? 'number' : 'text'}
        {...register(name)}
        error={!!errors[name]}
        helperText={fieldError(t, errors[name]) ?? extra.hint}
        slotProps={{ htmlInput: { 'data-testid': `integration-${name}` } }}
      />
    </Grid>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
      aria-labelledby="integration-dialog-title"
    >
      <DialogTitle id="integration-dialog-title">
        {record ? t('integrations.dialog.titleEdit') : t('integrations.dialog.titleAdd')}
      </DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="type"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    required
                    label={t('integrations.dialog.type')}
                    {...field}
                    error={!!errors.type}
                    helperText={fieldError(t, errors.type)}
                    slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'integration-type' } as object } }}
                  >
                    {QUEUE_INTEGRATION_TYPES.map((option) => (
                      <MenuItem key={option} value={option}>
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                          <IntegrationLogo type={option} label={t(`integrations.types.${option}`)} />
                          <span>{t(`integrations.types.${option}`)}</span>
                        </Stack>
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            {text('name', { required: true })}
            {type === 'dialogflow' && (
              <>
                {text('projectName', { required: true })}
                <Grid size={{ xs: 12, sm: 6 }}>
                  <Controller
                    control={control}
                    name="language"
                    render={({ field }) => (
                      <TextField select fullWidth label={t('integrations.dialog.language')} {...field}>
                        {QUEUE_INTEGRATION_LANGUAGES.map((l) => (
                          <MenuItem key={l} value={l}>
                            {t(`integrations.languages.${l}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                </Grid>
                {text('jsonContent', {
                  required: !record?.hasJsonContent,
                  multiline: true,
                  rows: 4,
                  hint: record?.hasJsonContent ? t('integrations.dialog.jsonContentStored') : undefined,
                })}
              </>
            )}
            {(type === 'n8n' || type === 'webhook' || type === 'typebot') && text('urlN8N', { required: true, full: type !== 'typebot' })}
            {type === 'typebot' && (
              <>
                {text('typebotSlug', { required: true })}
                {text('typebotExpires', { number: true })}
                {text('typebotDelayMessage', { number: true })}
                {text('typebotKeywordFinish')}
                {text('typebotKeywordRestart')}
                {text('typebotUnknownMessage', { full: true })}
                {text('typebotRestartMessage', { full: true })}
              </>
            )}
            {(type === 'n8n' || type === 'webhook') && (
              <Grid size={12}>
                {record ? (
                  <SigningSecretField integrationId={record.id} />
                ) : (
                  <Alert severity="info">{t('integrations.dialog.secretAfterSave')}</Alert>
                )}
              </Grid>
            )}
            {type === 'flowbuilder' && (
              <>
                <Grid size={12}>
                  <Alert severity="info">{t('integrations.dialog.flowbuilderInfo')}</Alert>
                </Grid>
                {/* The flow this integration starts; its id is kept in projectName (the spec's integration has no flow field). */}
                <Grid size={{ xs: 12, sm: 6 }}>
                  <Controller
                    control={control}
                    name="projectName"
                    render={({ field }) => (
                      <TextField
                        select
                        fullWidth
                        label={t('integrations.dialog.flow')}
                        value={field.value ?? ''}
                        onChange={field.onChange}
                        data-testid="integration-flow"
                      >
                        {(flows.data ?? []).map((f) => (
                          <MenuItem key={f.id} value={String(f.id)}>
                            {f.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                </Grid>
              </>
            )}
          </Grid>
        </DialogContent>
        <DialogActions>
          {type === 'dialogflow' && (
            <Button onClick={runTest} disabled={testSession.isPending} data-testid="integration-test" sx={{ mr: 'auto' }}>
              {t('integrations.dialog.test')}
            </Button>
          )}
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            data-testid="integration-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {record ? t('common.save') : t('common.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
