import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, FormHelperText, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../../components/form-errors';
import { dialogMode, type NodeDialogProps, NodeDialogShell } from './NodeDialogShell';
import { MenuForm } from './node-forms';

type Values = { message: string; arrayOption: { number: number; value: string }[] };

/** Menu node: a message and options numbered from 1, one way out each; only the last option can be removed (spec 3 §5). */
export function MenuDialog({ data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const mode = dialogMode(data);
  const saved = Array.isArray(data?.arrayOption) ? (data.arrayOption as Values['arrayOption']) : [];
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(MenuForm) as unknown as Resolver<Values>,
    defaultValues: { message: String(data?.message ?? ''), arrayOption: saved.length ? saved : [{ number: 1, value: '' }] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'arrayOption', keyName: 'key' });
  const submit = handleSubmit((v) =>
    onSave({ message: v.message.trim(), arrayOption: v.arrayOption.map((o, i) => ({ number: i + 1, value: o.value.trim() })) }),
  );
  const type = t('flows.nodeTypes.menu');
  return (
    <NodeDialogShell
      title={mode === 'create' ? t('flows.dialog.createTitle', { type }) : t('flows.dialog.editTitle', { type })}
      mode={mode}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <TextField
          {...register('message')}
          label={t('flows.menuNode.message')}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          error={!!errors.message}
          helperText={fieldError(t, errors.message)}
          slotProps={{ htmlInput: { 'data-testid': 'menu-message' } }}
        />
        {fields.map((f, i) => (
          <Stack key={f.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              {...register(`arrayOption.${i}.value`)}
              label={t('flows.menuNode.option', { number: i + 1 })}
              fullWidth
              size="small"
              error={!!errors.arrayOption?.[i]?.value}
              helperText={fieldError(t, errors.arrayOption?.[i]?.value)}
              slotProps={{ htmlInput: { 'data-testid': `menu-option-${i + 1}` } }}
            />
            {i === fields.length - 1 && fields.length > 1 && (
              <Tooltip title={t('flows.menuNode.removeOption')}>
                <IconButton aria-label={t('flows.menuNode.removeOption')} onClick={() => remove(i)}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        ))}
        {errors.arrayOption?.message && <FormHelperText error>{t(errors.arrayOption.message)}</FormHelperText>}
        <Button
          startIcon={<AddIcon />}
          onClick={() => append({ number: fields.length + 1, value: '' })}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="menu-add-option"
        >
          {t('flows.menuNode.addOption')}
        </Button>
      </Stack>
    </NodeDialogShell>
  );
}
