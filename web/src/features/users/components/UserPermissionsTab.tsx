import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PERMISSION_SWITCHES, type UserFormValues } from '../user-form';

/**
 * The "Permissões" tab (admins only, spec 2 §6): what a profile user may see beyond their queues.
 * allTicket keeps its enable/disable select and allowGroup is a boolean, as in the contract.
 */
export function UserPermissionsTab() {
  const { t } = useTranslation();
  const { control } = useFormContext<UserFormValues>();
  return (
    <Stack spacing={1.5}>
      <Controller
        name="allTicket"
        control={control}
        render={({ field }) => (
          <TextField select label={t('users.modal.permissions.allTicket')} fullWidth {...field} data-testid="user-allTicket">
            <MenuItem value="enable">{t('common.enabled')}</MenuItem>
            <MenuItem value="disable">{t('common.disabled')}</MenuItem>
          </TextField>
        )}
      />
      <Controller
        name="allowGroup"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            label={t('users.modal.permissions.allowGroup')}
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} name={field.name} />}
          />
        )}
      />
      {PERMISSION_SWITCHES.map((name) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field }) => (
            <FormControlLabel
              label={t(`users.modal.permissions.${name}`)}
              control={
                <Switch
                  checked={field.value === 'enabled'}
                  name={field.name}
                  onChange={(e) => field.onChange(e.target.checked ? 'enabled' : 'disabled')}
                />
              }
            />
          )}
        />
      ))}
    </Stack>
  );
}
