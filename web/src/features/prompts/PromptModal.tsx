import { PROMPT_VOICES, type PromptInput, type PromptView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { PasswordField } from '../../components/PasswordField';
import { notify } from '../../lib/notify';
import { useQueues } from '../queues';
import { useSavePrompt } from './hooks/use-prompts';
import { NEW_PROMPT_VALUES, type PromptFormValues, promptSchema, toFormValues } from './prompt-form';

interface Props {
  onClose(): void;
  /** null adds a prompt. */
  record: PromptView | null;
}

/**
 * Add/edit an AI prompt (spec 3 "AI prompts"): name, API key (show/hide; write-only once saved),
 * prompt (10 rows), queue ("Informe o setor" without one), voice (texto or a neural voice) with its
 * key and region, temperature, max tokens, max messages.
 */
export default function PromptModal({ onClose, record }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSavePrompt();
  const queues = useQueues();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PromptFormValues>({
    resolver: zodResolver(promptSchema(!!record)) as unknown as Resolver<PromptFormValues>,
    defaultValues: record ? toFormValues(record) : NEW_PROMPT_VALUES,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: record?.id ?? null, values: values as unknown as PromptInput });
      notify(t('prompts.saved'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  const numberField = (name: 'temperature' | 'maxTokens' | 'maxMessages', step?: number) => (
    <Grid size={{ xs: 12, sm: 4 }}>
      <TextField
        label={t(`prompts.modal.${name}`)}
        type="number"
        fullWidth
        required
        {...register(name)}
        error={!!errors[name]}
        helperText={fieldError(t, errors[name])}
        slotProps={{ htmlInput: { step, 'data-testid': `prompt-${name}` } }}
      />
    </Grid>
  );

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen} scroll="paper" aria-labelledby="prompt-modal-title">
      <DialogTitle id="prompt-modal-title">{record ? t('prompts.modal.titleEdit') : t('prompts.modal.titleAdd')}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Grid container spacing={2}>
            <Grid size={12}>
              <TextField
                label={t('prompts.modal.name')}
                autoFocus
                fullWidth
                required
                {...register('name')}
                error={!!errors.name}
                helperText={fieldError(t, errors.name)}
                slotProps={{ htmlInput: { 'data-testid': 'prompt-name' } }}
              />
            </Grid>
            <Grid size={12}>
              <PasswordField
                label={t('prompts.modal.apiKey')}
                fullWidth
                required={!record}
                autoComplete="off"
                {...register('apiKey')}
                error={!!errors.apiKey}
                helperText={fieldError(t, errors.apiKey) ?? (record?.hasApiKey ? t('prompts.modal.apiKeyStored') : undefined)}
                id="prompt-apiKey"
              />
            </Grid>
            <Grid size={12}>
              <TextField
                label={t('prompts.modal.prompt')}
                fullWidth
                required
                multiline
                rows={10}
                {...register('prompt')}
                error={!!errors.prompt}
                helperText={fieldError(t, errors.prompt)}
                slotProps={{ htmlInput: { 'data-testid': 'prompt-prompt' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="queueId"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    required
                    label={t('prompts.modal.queue')}
                    {...field}
                    error={!!errors.queueId}
                    helperText={fieldError(t, errors.queueId)}
                    slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'prompt-queue' } as object } }}
                  >
                    {(queues.data ?? []).map((q) => (
                      <MenuItem key={q.id} value={q.id}>
                        {q.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="voice"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    required
                    label={t('prompts.modal.voice')}
                    {...field}
                    error={!!errors.voice}
                    helperText={fieldError(t, errors.voice)}
                  >
                    {PROMPT_VOICES.map((v) => (
                      <MenuItem key={v} value={v}>
                        {v === 'texto' ? t('prompts.modal.text') : v.replace(/^pt-BR-/, '').replace(/Neural$/, '')}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('prompts.modal.voiceKey')}
                fullWidth
                {...register('voiceKey')}
                error={!!errors.voiceKey}
                helperText={fieldError(t, errors.voiceKey) ?? (record?.hasVoiceKey ? t('prompts.modal.apiKeyStored') : undefined)}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('prompts.modal.voiceRegion')}
                fullWidth
                {...register('voiceRegion')}
                error={!!errors.voiceRegion}
                helperText={fieldError(t, errors.voiceRegion)}
              />
            </Grid>
            {numberField('temperature', 0.1)}
            {numberField('maxTokens')}
            {numberField('maxMessages')}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            data-testid="prompt-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {record ? t('common.save') : t('common.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
