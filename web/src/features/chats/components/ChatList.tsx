import type { ChatView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Box, CircularProgress, IconButton, List, ListItemButton, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShort } from '../../../lib/format';
import { unreadsOf } from '../chat-members';

interface Props {
  chats: ChatView[];
  loading: boolean;
  loadingMore: boolean;
  meId: number;
  selectedUuid?: string;
  onSelect(chat: ChatView): void;
  onEdit(chat: ChatView): void;
  onDelete(chat: ChatView): void;
  scrollRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
}

/** The user's chats: title, last message, time (HH:mm today, else dd/MM/yyyy), own unread count; the owner edits and deletes. */
export function ChatList({ chats, loading, loadingMore, meId, selectedUuid, onSelect, onEdit, onDelete, scrollRef, onScroll }: Props) {
  const { t } = useTranslation();
  return (
    <Box ref={scrollRef} onScroll={onScroll} sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }} data-testid="chat-list">
      {!loading && chats.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="chat-list-empty">
          {t('chats.empty')}
        </Typography>
      )}
      {/* Rows in a plain container (a list may hold only list items); the owner's buttons beside the chat's, not inside it. */}
      <List disablePadding component="div">
        {chats.map((chat) => {
          const unreads = unreadsOf(chat, meId);
          return (
            <Box
              key={chat.id}
              sx={{ display: 'flex', alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider' }}
              data-testid="chat-item"
              data-chat={chat.title}
            >
              <ListItemButton
                selected={chat.uuid === selectedUuid}
                onClick={() => onSelect(chat)}
                sx={{ pr: 1, alignItems: 'flex-start', flex: 1, minWidth: 0 }}
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography component="span" variant="subtitle2" noWrap sx={{ flex: 1 }}>
                        {chat.title}
                      </Typography>
                      <Typography component="span" variant="caption" color="text.secondary">
                        {formatShort(chat.updatedAt)}
                      </Typography>
                    </Stack>
                  }
                  secondary={
                    <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
                      <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ flex: 1 }}>
                        {chat.lastMessage || t('chats.noMessages')}
                      </Typography>
                      {unreads > 0 && (
                        <Box
                          component="span"
                          data-testid="chat-unreads"
                          sx={{
                            bgcolor: 'success.main',
                            color: 'success.contrastText',
                            borderRadius: 10,
                            px: 0.75,
                            minWidth: 20,
                            textAlign: 'center',
                            fontSize: 12,
                            fontWeight: 600,
                          }}
                        >
                          {unreads > 99 ? '99+' : unreads}
                        </Box>
                      )}
                    </Stack>
                  }
                />
              </ListItemButton>
              {chat.ownerId === meId && (
                <Stack direction="row" sx={{ pl: 0.5, pr: 1, pt: 1 }}>
                  <Tooltip title={t('chats.edit')}>
                    <IconButton
                      size="small"
                      aria-label={t('chats.edit')}
                      data-testid="chat-edit"
                      onClick={(e) => {
                        e.stopPropagation();
                        onEdit(chat);
                      }}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('chats.delete')}>
                    <IconButton
                      size="small"
                      aria-label={t('chats.delete')}
                      data-testid="chat-delete"
                      onClick={(e) => {
                        e.stopPropagation();
                        onDelete(chat);
                      }}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              )}
            </Box>
          );
        })}
      </List>
      {(loading || loadingMore) && (
        <Box sx={{ display: 'grid', placeItems: 'center', p: 2 }}>
          <CircularProgress size={24} />
        </Box>
      )}
    </Box>
  );
}
