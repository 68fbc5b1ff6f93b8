import type { TagView } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmTarget } from '../../components/use-confirm-target';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useDebounced } from '../contacts/hooks/use-debounced';
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
  const deleting = useConfirmTarget<TagView>();
  const remove = useDeleteTag();
  useTagsRealtime();

  useEffect(() => {
    if (query.isError) toastError(query.error);
  }, [query.isError, query.error]);

  const confirmDelete = async () => {
    if (!deleting.target) return;
    try {
      await remove.mutateAsync(deleting.target.id);
      notify(t('tags.deleted'));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>{t('tags.title')}</Typography>
        <TextField size="small" placeholder={t('tags.searchPlaceholder')} value={typed} onChange={(e) => setTyped(e.target.value)}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" color="action" /></InputAdornment> },
            htmlInput: { 'aria-label': t('common.search'), type: 'search' },
          }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="add-tag">{t('tags.add')}</Button>
      </Stack>
      <TagsTable tags={tags} loading={query.isLoading} loadingMore={query.isFetchingNextPage}
        onContacts={setViewing} onEdit={setEditing} onDelete={deleting.ask} scrollRef={scroll.ref} onScroll={scroll.onScroll} />
      {editing !== undefined && <TagModal key={editing?.id ?? 'new'} open tag={editing} onClose={() => setEditing(undefined)} />}
      {viewing && <TagContactsModal key={viewing.id} tag={viewing} onClose={closeViewing} />}
      <ConfirmationDialog open={deleting.open} title={t('tags.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={confirmDelete} onClose={deleting.close}>
        {t('tags.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
