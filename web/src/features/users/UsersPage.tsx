import type { UserView } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { UsersTable } from './components/UsersTable';
import { useSearchTerm } from './hooks/use-search-term';
import { useDeleteUser } from './hooks/use-user-mutations';
import { useUsers } from './hooks/use-users';
import { useUsersRealtime } from './hooks/use-users-realtime';
import UserModal from './UserModal';

/** /users (spec 2 "Users"): search, add, edit, delete, infinite scroll, live updates. Admins only. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const [typed, setTyped] = useState('');
  const searchParam = useSearchTerm(typed);
  const query = useUsers(searchParam);
  const users = query.data?.pages.flatMap((p) => p.users) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  const scroll = useLoadMoreOnScroll(query, users.length);
  const [editing, setEditing] = useState<number | null | undefined>(undefined); // undefined: closed; null: new
  // The target outlives the dialog's closing animation, so its title does not blank out while fading.
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteUser();
  useUsersRealtime();

  useEffect(() => {
    if (query.isError) toastError(query.error);
  }, [query.isError, query.error]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(t('users.deleted'));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-testid="users-title">
          {t('users.title')} ({count})
        </Typography>
        <TextField size="small" placeholder={t('users.searchPlaceholder')} value={typed} onChange={(e) => setTyped(e.target.value)}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" color="action" /></InputAdornment> },
            htmlInput: { 'aria-label': t('common.search'), type: 'search' },
          }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="add-user">
          {t('users.add')}
        </Button>
      </Stack>

      <UsersTable users={users} loading={query.isLoading} loadingMore={query.isFetchingNextPage} meId={me?.id}
        onEdit={(u) => setEditing(u.id)} onDelete={(item) => {
          setDeleting(item);
          setConfirming(true);
        }} scrollRef={scroll.ref} onScroll={scroll.onScroll} />

      {editing !== undefined && <UserModal open userId={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmationDialog open={confirming} title={t('users.deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={confirmDelete} onClose={() => setConfirming(false)} />
    </Stack>
  );
}
