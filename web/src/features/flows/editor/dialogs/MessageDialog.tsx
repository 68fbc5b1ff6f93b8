import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../../components/form-errors';
import { dialogMode, type NodeDialogProps, NodeDialogShell } from './NodeDialogShell';
import { MessageForm } from './node-forms';

/** Earlier-style message node: one text. */
export function MessageDialog({ data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const mode = dialogMode(data);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MessageForm>({
    resolver: zodResolver(MessageForm) as unknown as Resolver<MessageForm>,
    defaultValues: { label: String(data?.label ?? '') },
  });
  const type = t('flows.nodeTypes.message');
  return (
    <NodeDialogShell
      title={mode === 'create' ? t('flows.dialog.createTitle', { type }) : t('flows.dialog.editTitle', { type })}
      mode={mode}
      onSubmit={handleSubmit((v) => onSave({ label: v.label.trim() }))}
      onClose={onClose}
    >
      <TextField
        {...register('label')}
        label={t('flows.messageNode.label')}
        multiline
        minRows={3}
        fullWidth
        autoFocus
        error={!!errors.label}
        helperText={fieldError(t, errors.label)}
      />
    </NodeDialogShell>
  );
}
