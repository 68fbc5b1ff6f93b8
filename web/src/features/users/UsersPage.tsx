import type { UserView } from '@chatflow/contract';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { UsersTable } from './components/UsersTable';
import { useSearchTerm } from '../../lib/use-search-term';
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
  const remove = useDeleteUser();
  const deleting = useConfirmedDelete<UserView>((u) => remove.mutateAsync(u.id), t('users.deleted'));
  useUsersRealtime();
  useErrorToast(query);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={`${t('users.title')} (${count})`}
        titleTestId="users-title"
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('users.searchPlaceholder')}
        addLabel={t('users.add')}
        onAdd={() => setEditing(null)}
        addTestId="add-user"
      />

      <UsersTable
        users={users}
        loading={query.isLoading}
        loadingMore={query.isFetchingNextPage}
        meId={me?.id}
        onEdit={(u) => setEditing(u.id)}
        onDelete={deleting.ask}
        scrollRef={scroll.ref}
        onScroll={scroll.onScroll}
      />

      {editing !== undefined && <UserModal open userId={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmationDialog
        open={deleting.open}
        title={t('users.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      />
    </Stack>
  );
}
