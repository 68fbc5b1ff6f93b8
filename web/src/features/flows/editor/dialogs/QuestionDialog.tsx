import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextField } from '@mui/material';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../../components/form-errors';
import { dialogMode, type NodeDialogProps, NodeDialogShell } from './NodeDialogShell';
import { QuestionForm } from './node-forms';

/** Question node ("Perguta"): the message asked and the variable its answer is kept in (used later as {{answerKey}}). */
export function QuestionDialog({ data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const mode = dialogMode(data);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<QuestionForm>({
    resolver: zodResolver(QuestionForm) as unknown as Resolver<QuestionForm>,
    defaultValues: { message: String(data?.message ?? ''), answerKey: String(data?.answerKey ?? '') },
  });
  const submit = handleSubmit((v) => onSave({ message: v.message.trim(), answerKey: v.answerKey.trim() }));
  return (
    <NodeDialogShell title={t('flows.question.title')} mode={mode} onSubmit={submit} onClose={onClose}>
      <Stack spacing={2}>
        <TextField
          {...register('message')}
          label={t('flows.question.message')}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          error={!!errors.message}
          helperText={fieldError(t, errors.message)}
          slotProps={{ htmlInput: { 'data-testid': 'question-message' } }}
        />
        <TextField
          {...register('answerKey')}
          label={t('flows.question.answerKey')}
          fullWidth
          error={!!errors.answerKey}
          helperText={fieldError(t, errors.answerKey)}
          slotProps={{ htmlInput: { 'data-testid': 'question-answer-key' } }}
        />
      </Stack>
    </NodeDialogShell>
  );
}
