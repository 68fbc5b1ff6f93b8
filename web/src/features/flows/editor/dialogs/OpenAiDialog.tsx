import { OPENAI_NODE_DEFAULTS, OPENAI_VOICES } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Grid, IconButton, InputAdornment, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../../components/form-errors';
import { useQueues } from '../../../queues';
import { dialogMode, type NodeDialogProps, NodeDialogShell } from './NodeDialogShell';
import { hasStoredSecret, withSecretsKept } from '../node-secrets';
import { type OpenAiForm, openAiFormFor } from './node-forms';

type Values = Record<keyof OpenAiForm, string>;
const TEXT_FIELDS = [
  'name',
  'apiKey',
  'prompt',
  'voice',
  'voiceKey',
  'voiceRegion',
  'maxTokens',
  'temperature',
  'maxMessages',
  'queueId',
] as const;

/**
 * OpenAI node (spec 3 §3): name, API key (show/hide), prompt, voice, voice key and region, temperature, max
 * tokens and messages, queue. The keys are write-only: a stored one is said to be there, and an empty field keeps it.
 */
export function OpenAiDialog({ data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const mode = dialogMode(data);
  const queues = useQueues();
  const [showKey, setShowKey] = useState(false);
  const initial = { ...OPENAI_NODE_DEFAULTS, ...(data ?? {}) } as Record<string, unknown>;
  const keyStored = hasStoredSecret(data, 'apiKey');
  const schema = openAiFormFor(keyStored);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema) as unknown as Resolver<Values>,
    defaultValues: Object.fromEntries(TEXT_FIELDS.map((f) => [f, initial[f] == null ? '' : String(initial[f])])) as Values,
  });
  const submit = handleSubmit((v) => onSave(withSecretsKept('openai', data, schema.parse(v))));
  const type = t('flows.nodeTypes.openai');
  const text = (name: keyof Values, extra: object = {}) => ({
    ...register(name),
    label: t(`flows.openai.${name}`),
    fullWidth: true,
    size: 'small' as const,
    error: !!errors[name],
    helperText: fieldError(t, errors[name]) ?? (hasStoredSecret(data, name) ? t('flows.openai.keyStored') : undefined),
    ...extra,
  });
  return (
    <NodeDialogShell
      title={mode === 'create' ? t('flows.dialog.createTitle', { type }) : t('flows.dialog.editTitle', { type })}
      mode={mode}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...text('name', { autoFocus: true, required: true })} slotProps={{ htmlInput: { 'data-testid': 'openai-name' } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...text('apiKey', { required: !keyStored, type: showKey ? 'text' : 'password', autoComplete: 'off' })}
            slotProps={{
              htmlInput: { 'data-testid': 'openai-api-key' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      onClick={() => setShowKey((s) => !s)}
                      aria-label={showKey ? t('flows.openai.hideKey') : t('flows.openai.showKey')}
                    >
                      {showKey ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...text('prompt', { required: true, multiline: true, rows: 6 })}
            slotProps={{ htmlInput: { 'data-testid': 'openai-prompt' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Controller
            control={control}
            name="voice"
            render={({ field }) => (
              <TextField select {...field} label={t('flows.openai.voice')} fullWidth size="small">
                {OPENAI_VOICES.map((v) => (
                  <MenuItem key={v} value={v}>
                    {v === 'texto' ? t('flows.openai.voiceText') : v}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('voiceKey')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('voiceRegion')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('temperature', { type: 'number' })} slotProps={{ htmlInput: { min: 0, max: 2, step: 0.1 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('maxTokens', { type: 'number' })} slotProps={{ htmlInput: { min: 1 } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('maxMessages', { type: 'number' })} slotProps={{ htmlInput: { min: 1 } }} />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="queueId"
            render={({ field }) => (
              <TextField
                select
                {...field}
                value={queues.data?.some((q) => String(q.id) === field.value) ? field.value : ''}
                label={t('flows.openai.queue')}
                fullWidth
                size="small"
              >
                <MenuItem value="">—</MenuItem>
                {(queues.data ?? []).map((q) => (
                  <MenuItem key={q.id} value={String(q.id)}>
                    {q.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
      </Grid>
    </NodeDialogShell>
  );
}
