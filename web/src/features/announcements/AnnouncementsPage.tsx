import { FreshRecord } from '../../components/FreshRecord';
import type { AnnouncementView } from '@chatflow/contract';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { useDebounced } from '../../lib/use-debounced';
import AnnouncementModal from './AnnouncementModal';
import { AnnouncementsTable } from './components/AnnouncementsTable';
import { useAnnouncements, useDeleteAnnouncement } from './hooks/use-announcements';

/** /announcements (spec 3 "Announcements"): the super company's list with its count, search, add, edit, delete. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const query = useAnnouncements(useDebounced(typed));
  const records = query.data?.pages.flatMap((p) => p.records) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  const scroll = useLoadMoreOnScroll(query, records.length);
  const [editing, setEditing] = useState<AnnouncementView | null | undefined>(undefined); // undefined: closed; null: new
  const remove = useDeleteAnnouncement();
  const deleting = useConfirmedDelete<AnnouncementView>((a) => remove.mutateAsync(a), t('announcements.deleted'));
  useErrorToast(query);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={`${t('announcements.title')} (${count})`}
        titleTestId="announcements-title"
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('announcements.search')}
        addLabel={t('announcements.add')}
        onAdd={() => setEditing(null)}
        addTestId="add-announcement"
      />
      <AnnouncementsTable
        records={records}
        loading={query.isLoading}
        loadingMore={query.isFetchingNextPage}
        onEdit={setEditing}
        onDelete={deleting.ask}
        scrollRef={scroll.ref}
        onScroll={scroll.onScroll}
      />
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/announcements" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <AnnouncementModal record={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('announcements.deleteTitle', { name: deleting.target?.title ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('announcements.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
