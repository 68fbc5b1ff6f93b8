import { FreshRecord } from '../../components/FreshRecord';
import type { TagView } from '@chatflow/contract';
import { Stack } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { ListPageHeader } from '../../components/ListPageHeader';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { useDebounced } from '../../lib/use-debounced';
import { TagsTable } from './components/TagsTable';
import { useDeleteTag } from './hooks/use-tag-mutations';
import { useTags } from './hooks/use-tags';
import { useTagsRealtime } from './hooks/use-tags-realtime';
import TagContactsModal from './TagContactsModal';
import TagModal from './TagModal';

/** /tags (spec 3 "Tags"): the plain tags (kanban = 0), searchable, with their contacts, add, edit, delete. */
export default function TagsPage() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const query = useTags(useDebounced(typed));
  const tags = query.data?.pages.flatMap((p) => p.tags) ?? [];
  const scroll = useLoadMoreOnScroll(query, tags.length);
  const [editing, setEditing] = useState<TagView | null | undefined>(undefined); // undefined: closed; null: new
  const [viewing, setViewing] = useState<TagView | null>(null);
  const closeViewing = useCallback(() => setViewing(null), []);
  const remove = useDeleteTag();
  const deleting = useConfirmedDelete<TagView>((tag) => remove.mutateAsync(tag.id), t('tags.deleted'));
  useTagsRealtime();
  useErrorToast(query);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <ListPageHeader
        title={t('tags.title')}
        search={typed}
        onSearch={setTyped}
        searchPlaceholder={t('tags.searchPlaceholder')}
        addLabel={t('tags.add')}
        onAdd={() => setEditing(null)}
        addTestId="add-tag"
      />
      <TagsTable
        tags={tags}
        loading={query.isLoading}
        loadingMore={query.isFetchingNextPage}
        onContacts={setViewing}
        onEdit={setEditing}
        onDelete={deleting.ask}
        scrollRef={scroll.ref}
        onScroll={scroll.onScroll}
      />
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/tags" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <TagModal open tag={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      {viewing && <TagContactsModal key={viewing.id} tag={viewing} onClose={closeViewing} />}
      <ConfirmationDialog
        open={deleting.open}
        title={t('tags.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('tags.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
