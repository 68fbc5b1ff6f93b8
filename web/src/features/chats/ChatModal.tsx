import { CHAT_TITLE_MAX, type ChatView, type UserListItem } from '@chatflow/contract';
import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useUserList } from '../../lib/lookups';
import { useSaveChat } from './hooks/use-chats';

interface Props {
  /** null creates a chat. */
  chat: ChatView | null;
  meId: number;
  onClose(): void;
  onSaved(chat: ChatView): void;
}

type Member = Pick<UserListItem, 'id' | 'name'>;

/**
 * New or edited chat (spec 3 "Internal chat", §5): a title and the users besides the caller. Saving is
 * disabled without a title or without a user; the server refuses the same.
 */
export default function ChatModal({ chat, meId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const users = useUserList();
  const save = useSaveChat();
  const [title, setTitle] = useState(chat?.title ?? '');
  const [picked, setPicked] = useState<Member[]>(chat ? chat.users.filter((u) => u.userId !== meId).map((u) => u.user) : []);
  const [error, setError] = useState<string | null>(null);
  const options: Member[] = (users.data ?? []).filter((u) => u.id !== meId).map((u) => ({ id: u.id, name: u.name }));
  const canSave = title.trim().length > 0 && picked.length > 0 && !save.isPending;

  const submit = () => {
    if (!canSave) return;
    save.mutate(
      { id: chat?.id ?? null, values: { title: title.trim(), users: picked.map((u) => u.id) } },
      { onSuccess: onSaved, onError: (err) => setError(err instanceof ApiError && err.fields?.length ? t(err.fields[0].key) : null) },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="chat-modal-title">
      <DialogTitle id="chat-modal-title">{chat ? t('chats.modal.titleEdit') : t('chats.modal.titleAdd')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('chats.modal.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: CHAT_TITLE_MAX, 'data-testid': 'chat-title-input' } }}
          />
          <Autocomplete
            multiple
            options={options}
            value={picked}
            loading={users.isLoading}
            getOptionLabel={(u) => u.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, value) => setPicked(value)}
            filterSelectedOptions
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('chats.modal.users')}
                error={!!error}
                helperText={error ?? undefined}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, 'data-testid': 'chat-users-input' } }}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!canSave} data-testid="chat-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
