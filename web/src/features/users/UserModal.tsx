import { isAdmin as isAdminProfile, UserCreateInput, UserUpdateInput, type UserView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { applyServerErrors } from '../../components/form-errors';
import { ApiError } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { UserGeneralTab } from './components/UserGeneralTab';
import { UserPermissionsTab } from './components/UserPermissionsTab';
import { useSaveUser } from './hooks/use-user-mutations';
import { useUser } from './hooks/use-users';
import { NEW_USER_VALUES, toFormValues, toPayload, type UserFormValues } from './user-form';

/** Spec 1 §9: the user form saves 400 ms after it is submitted. */
export const USER_SAVE_DELAY_MS = 400;

interface Props {
  open: boolean;
  onClose(): void;
  /** null adds a user. */
  userId: number | null;
  /** Overrides "Adicionar usuário" / "Editar usuário" (the profile modal says "Perfil"). */
  title?: string;
}

/**
 * The user modal (spec 1 §2.8): tabs "Geral" and "Permissões". What the signed-in user may edit
 * depends on them, not on the user being edited: only an admin sees the profile, queues, connection,
 * hours and farewell fields and the Permissions tab (spec 2 §6).
 */
export default function UserModal({ open, onClose, userId, title }: Props) {
  const { t } = useTranslation();
  const { data: user, isLoading, error } = useUser(userId);
  const heading = title ?? (userId === null ? t('users.modal.titleAdd') : t('users.modal.titleEdit'));
  const ready = userId === null || !!user;

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="user-modal-title">
      <DialogTitle id="user-modal-title">{heading}</DialogTitle>
      {ready ? (
        <UserForm key={user?.id ?? 'new'} user={user ?? null} onClose={onClose} />
      ) : (
        <>
          <DialogContent sx={{ textAlign: 'center', py: 4 }}>
            {isLoading ? <CircularProgress size={28} /> : error ? t('common.genericError') : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function UserForm({ user, onClose }: { user: UserView | null; onClose(): void }) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const isAdmin = !!me && isAdminProfile(me);
  const isNew = user === null;
  const [tab, setTab] = useState<'general' | 'permissions'>('general');
  const [image, setImage] = useState<File | null>(null);
  const save = useSaveUser();
  const form = useForm<UserFormValues>({
    // An edit may leave the password empty (keep it); a new user needs one.
    resolver: zodResolver(isNew ? UserCreateInput : UserUpdateInput) as unknown as Resolver<UserFormValues>,
    defaultValues: user ? toFormValues(user) : NEW_USER_VALUES,
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(
    async (values) => {
      await new Promise((resolve) => setTimeout(resolve, USER_SAVE_DELAY_MS));
      try {
        await save.mutateAsync({ id: user?.id ?? null, payload: toPayload(values, { isAdmin, isNew }), image });
        notify(t('users.modal.success'));
        onClose();
      } catch (err) {
        // Every field that can fail validation is on the General tab.
        if (err instanceof ApiError && err.code === 'ERR_VALIDATION') setTab('general');
        if (err instanceof ApiError && err.code === 'ERR_EMAIL_ALREADY_EXISTS') {
          setTab('general');
          setError('email', { message: 'backendErrors.ERR_EMAIL_ALREADY_EXISTS' });
          return toastError(err);
        }
        applyServerErrors(err, setError);
      }
    },
    () => setTab('general'),
  );

  return (
    <FormProvider {...form}>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        {isAdmin && (
          <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="general" label={t('users.modal.tabs.general')} />
            <Tab value="permissions" label={t('users.modal.tabs.permissions')} data-testid="tab-permissions" />
          </Tabs>
        )}
        <DialogContent>
          {/* Both panels stay mounted so switching tabs never loses what was typed. */}
          <Box hidden={tab !== 'general'} sx={{ pt: 1 }}>
            <UserGeneralTab isAdmin={isAdmin} isNew={isNew} profileImage={user?.profileImage ?? null} image={image} onImage={setImage} />
          </Box>
          {isAdmin && (
            <Box hidden={tab !== 'permissions'} sx={{ pt: 1 }}>
              <UserPermissionsTab />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            data-testid="user-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {isNew ? t('users.modal.add') : t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}
