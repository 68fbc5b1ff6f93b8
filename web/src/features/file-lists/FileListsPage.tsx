import { FreshRecord } from '../../components/FreshRecord';
import type { FileListView } from '@chatflow/contract';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { useDebounced } from '../../lib/use-debounced';
import { FileListsTable } from './components/FileListsTable';
import FileListModal from './FileListModal';
import { useDeleteFileList, useFileLists } from './hooks/use-file-lists';
import { useFileListsRealtime } from './hooks/use-file-lists-realtime';

/** /files (spec 3 "File lists"): search, infinite scroll, add, edit, delete, live updates. Admins only (router). */
export default function FileListsPage() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const query = useFileLists(useDebounced(typed));
  const records = query.data?.pages.flatMap((p) => p.files) ?? [];
  const scroll = useLoadMoreOnScroll(query, records.length);
  const [editing, setEditing] = useState<FileListView | null | undefined>(undefined); // undefined: closed; null: new
  const remove = useDeleteFileList();
  const deleting = useConfirmedDelete<FileListView>((row) => remove.mutateAsync(row.id), t('fileLists.deleted'));
  useFileListsRealtime();
  useErrorToast(query);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={t('fileLists.title')}
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('fileLists.searchPlaceholder')}
        addLabel={t('fileLists.add')}
        onAdd={() => setEditing(null)}
        addTestId="add-file-list"
      />
      <FileListsTable
        records={records}
        loading={query.isLoading}
        loadingMore={query.isFetchingNextPage}
        onEdit={setEditing}
        onDelete={deleting.ask}
        scrollRef={scroll.ref}
        onScroll={scroll.onScroll}
      />
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/files" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <FileListModal record={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('fileLists.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('fileLists.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
