import { TYPEBOT_NODE_DEFAULTS } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Grid, TextField } from '@mui/material';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../../components/form-errors';
import { dialogMode, type NodeDialogProps, NodeDialogShell } from './NodeDialogShell';
import { TypebotForm } from './node-forms';

type Values = Record<keyof TypebotForm, string>;
const FIELDS: { name: keyof Values; label: string; required?: boolean; number?: boolean; wide?: boolean }[] = [
  { name: 'name', label: 'name', required: true, wide: true },
  { name: 'urlN8N', label: 'url', required: true },
  { name: 'typebotSlug', label: 'slug', required: true },
  { name: 'typebotExpires', label: 'expires', number: true },
  { name: 'typebotDelayMessage', label: 'delay', number: true },
  { name: 'typebotKeywordFinish', label: 'keywordFinish' },
  { name: 'typebotKeywordRestart', label: 'keywordRestart' },
  { name: 'typebotRestartMessage', label: 'restartMessage', wide: true },
  { name: 'typebotUnknownMessage', label: 'unknownMessage', wide: true },
];

/** Typebot node: the spec's typebot fields (name 2 to 50; name, URL and slug required; delay 1000 ms and expiry 1 by default). */
export function TypebotDialog({ data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const mode = dialogMode(data);
  const initial = { ...TYPEBOT_NODE_DEFAULTS, ...(data ?? {}) } as Record<string, unknown>;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(TypebotForm) as unknown as Resolver<Values>,
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f.name, initial[f.name] == null ? '' : String(initial[f.name])])) as Values,
  });
  const submit = handleSubmit((v) => onSave(TypebotForm.parse(v)));
  const type = t('flows.nodeTypes.typebot');
  return (
    <NodeDialogShell
      title={mode === 'create' ? t('flows.dialog.createTitle', { type }) : t('flows.dialog.editTitle', { type })}
      mode={mode}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        {FIELDS.map((f, i) => (
          <Grid key={f.name} size={{ xs: 12, sm: f.wide ? 12 : 6 }}>
            <TextField
              {...register(f.name)}
              label={t(`flows.typebot.${f.label}`)}
              required={f.required}
              type={f.number ? 'number' : 'text'}
              fullWidth
              size="small"
              autoFocus={i === 0}
              error={!!errors[f.name]}
              helperText={fieldError(t, errors[f.name])}
              slotProps={{ htmlInput: { 'data-testid': `typebot-${f.name}` } }}
            />
          </Grid>
        ))}
      </Grid>
    </NodeDialogShell>
  );
}
