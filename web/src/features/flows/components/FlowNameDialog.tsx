import { FlowCreateInput } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../../components/form-errors';

interface Props {
  /** The current name when renaming; absent to add a flow. */
  initialName?: string;
  onSubmit(name: string): Promise<unknown>;
  onClose(): void;
}

/** Add or rename a flow: the name is 2 to 50 characters (spec 3 §5: "Digite um nome!", "Muito curto!", "Muito longo!"). */
export function FlowNameDialog({ initialName, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const editing = initialName !== undefined;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({
    resolver: zodResolver(FlowCreateInput) as unknown as Resolver<{ name: string }>,
    defaultValues: { name: initialName ?? '' },
  });
  const submit = handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="flow-name-title">
      <DialogTitle id="flow-name-title">{editing ? t('flows.nameDialog.titleEdit') : t('flows.nameDialog.titleAdd')}</DialogTitle>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogContent dividers>
          <TextField
            {...register('name')}
            label={t('flows.nameDialog.name')}
            fullWidth
            autoFocus
            error={!!errors.name}
            helperText={fieldError(t, errors.name)}
            slotProps={{ htmlInput: { 'data-testid': 'flow-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('flows.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="flow-name-submit">
            {isSubmitting ? <CircularProgress size={20} /> : editing ? t('flows.nameDialog.save') : t('flows.nameDialog.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
