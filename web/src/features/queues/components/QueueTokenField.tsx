import { Button, Stack, TextField, Typography } from '@mui/material';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../components/form-errors';
import type { QueueFormValues } from '../queue-form';

/**
 * The queue's token (spec 2 §3 Queue "token"), write-only: the stored one is never shown. Typing one
 * replaces it on save; an empty field keeps it; "Remover token" clears it.
 */
export function QueueTokenField({ form, hasToken }: { form: UseFormReturn<QueueFormValues>; hasToken: boolean }) {
  const { t } = useTranslation();
  const removing = useWatch({ control: form.control, name: 'removeToken' });
  const error = form.formState.errors.token;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label={t('queues.modal.token')}
        type="password"
        autoComplete="new-password"
        fullWidth
        disabled={removing}
        {...form.register('token')}
        error={!!error}
        helperText={
          error
            ? fieldError(t, error)
            : removing
              ? t('queues.modal.tokenRemoving')
              : hasToken
                ? t('queues.modal.tokenSet')
                : t('queues.modal.tokenHelp')
        }
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{ htmlInput: { 'data-testid': 'queue-token', maxLength: 255 } }}
      />
      {hasToken && (
        <Button
          size="small"
          color={removing ? 'inherit' : 'error'}
          onClick={() => {
            form.setValue('removeToken', !removing, { shouldDirty: true });
            form.setValue('token', '');
          }}
          sx={{ mt: { sm: 1 } }}
          data-testid="queue-token-remove"
        >
          {removing ? t('queues.modal.tokenKeep') : t('queues.modal.tokenRemove')}
        </Button>
      )}
      {!hasToken && removing && <Typography variant="caption">{t('queues.modal.tokenRemoving')}</Typography>}
    </Stack>
  );
}
