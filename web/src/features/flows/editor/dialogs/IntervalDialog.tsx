import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../../components/form-errors';
import { dialogMode, type NodeDialogProps, NodeDialogShell } from './NodeDialogShell';
import { IntervalForm } from './node-forms';

/** Interval node: seconds, more than 0 and at most 120. */
export function IntervalDialog({ data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const mode = dialogMode(data);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ sec: string }>({
    resolver: zodResolver(IntervalForm) as unknown as Resolver<{ sec: string }>,
    defaultValues: { sec: data?.sec === undefined ? '' : String(data.sec) },
  });
  const submit = handleSubmit((v) => {
    const sec = Number(v.sec);
    onSave({ label: `Intervalo de ${sec} seg.`, sec });
  });
  const type = t('flows.nodeTypes.interval');
  return (
    <NodeDialogShell
      title={mode === 'create' ? t('flows.dialog.createTitle', { type }) : t('flows.dialog.editTitle', { type })}
      mode={mode}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField
        {...register('sec')}
        label={t('flows.interval.seconds')}
        type="number"
        fullWidth
        autoFocus
        error={!!errors.sec}
        helperText={fieldError(t, errors.sec)}
        slotProps={{ htmlInput: { min: 1, max: 120, 'data-testid': 'interval-seconds' } }}
      />
    </NodeDialogShell>
  );
}
