import { MenuItem, Stack, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { fieldError } from '../../../components/form-errors';
import { useConnections } from '../../../lib/lookups';
import type { UserFormValues } from '../user-form';
import { AvatarPicker } from './AvatarPicker';
import { QueueMultiSelect } from './QueueMultiSelect';

interface Props {
  /** The signed-in user is an admin: profile, queues, connection, hours and farewell are theirs to set. */
  isAdmin: boolean;
  isNew: boolean;
  profileImage: string | null;
  image: File | null;
  onImage(file: File | null): void;
}

/** Seconds between the time fields' steps (spec 1 §9: 600 s). */
const TIME_STEP = 600;

/** The "Geral" tab of the user modal (spec 1 §2.8, §5 "User form"). */
export function UserGeneralTab({ isAdmin, isNew, profileImage, image, onImage }: Props) {
  const { t } = useTranslation();
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = useFormContext<UserFormValues>();
  const name = watch('name');
  // The default connection (spec 1 §2.8): the company's connections, fetched only for the admin who may set it.
  const connections = useConnections(isAdmin);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <AvatarPicker name={name} current={profileImage} file={image} onChange={onImage} />
        <Stack spacing={2} sx={{ flexGrow: 1 }}>
          <TextField
            label={t('users.modal.name')}
            autoFocus
            fullWidth
            autoComplete="off"
            {...register('name')}
            error={!!errors.name}
            helperText={fieldError(t, errors.name)}
          />
          <TextField
            label={t('users.modal.email')}
            type="email"
            fullWidth
            autoComplete="off"
            {...register('email')}
            error={!!errors.email}
            helperText={fieldError(t, errors.email)}
          />
        </Stack>
      </Stack>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <PasswordField
          label={t('users.modal.password')}
          fullWidth
          autoComplete="new-password"
          {...register('password')}
          error={!!errors.password}
          helperText={fieldError(t, errors.password) ?? (isNew ? undefined : t('users.modal.passwordKeep'))}
        />
        {isAdmin && (
          <Controller
            name="profile"
            control={control}
            render={({ field }) => (
              <TextField select label={t('users.modal.profile')} fullWidth {...field} data-testid="user-profile">
                <MenuItem value="admin">{t('users.profiles.admin')}</MenuItem>
                <MenuItem value="user">{t('users.profiles.user')}</MenuItem>
              </TextField>
            )}
          />
        )}
      </Stack>

      {isAdmin && (
        <>
          <Controller
            name="queueIds"
            control={control}
            render={({ field }) => <QueueMultiSelect label={t('users.modal.queues')} value={field.value} onChange={field.onChange} />}
          />
          <Controller
            name="whatsappId"
            control={control}
            render={({ field }) => (
              <TextField
                select
                fullWidth
                label={t('users.modal.whatsapp')}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                helperText={connections.data && connections.data.length === 0 ? t('users.modal.noConnections') : undefined}
                data-testid="user-whatsapp"
              >
                <MenuItem value="">{t('users.modal.noConnection')}</MenuItem>
                {(connections.data ?? []).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {/* One under the other on a phone: side by side "Término de trabalho" was cut to "Término de trabal…". */}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('users.modal.startWork')}
              type="time"
              fullWidth
              {...register('startWork')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: TIME_STEP } }}
              error={!!errors.startWork}
              helperText={fieldError(t, errors.startWork)}
            />
            <TextField
              label={t('users.modal.endWork')}
              type="time"
              fullWidth
              {...register('endWork')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: TIME_STEP } }}
              error={!!errors.endWork}
              helperText={fieldError(t, errors.endWork)}
            />
          </Stack>
          <TextField
            label={t('users.modal.farewellMessage')}
            multiline
            minRows={2}
            maxRows={6}
            fullWidth
            {...register('farewellMessage')}
            error={!!errors.farewellMessage}
            helperText={fieldError(t, errors.farewellMessage)}
          />
        </>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          name="defaultTheme"
          control={control}
          render={({ field }) => (
            <TextField select label={t('users.modal.defaultTheme')} fullWidth {...field}>
              <MenuItem value="light">{t('users.modal.themes.light')}</MenuItem>
              <MenuItem value="dark">{t('users.modal.themes.dark')}</MenuItem>
            </TextField>
          )}
        />
        <Controller
          name="defaultMenu"
          control={control}
          render={({ field }) => (
            <TextField select label={t('users.modal.defaultMenu')} fullWidth {...field}>
              <MenuItem value="open">{t('users.modal.menus.open')}</MenuItem>
              <MenuItem value="closed">{t('users.modal.menus.closed')}</MenuItem>
            </TextField>
          )}
        />
      </Stack>
    </Stack>
  );
}
