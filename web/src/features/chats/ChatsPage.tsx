import { FreshRecord } from '../../components/FreshRecord';
import type { ChatView } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, Paper, Stack, Tab, Tabs, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useLoadMoreOnScroll } from '../../components/infinite-scroll';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useDebounced } from '../../lib/use-debounced';
import ChatModal from './ChatModal';
import { ChatConversation } from './components/ChatConversation';
import { ChatList } from './components/ChatList';
import { useChat, useChats, useDeleteChat } from './hooks/use-chats';
import { useChatsRealtime } from './hooks/use-chats-realtime';

/**
 * /chats and /chats/{uuid} (spec 3 "Internal chat"): the list and the open chat side by side on wide
 * screens, two tabs ("Chats", "Mensagens") on narrow ones. Chat call errors are not shown (spec 3 §8).
 */
export default function ChatsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { uuid } = useParams();
  const navigate = useNavigate();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const [tab, setTab] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats');
  const [typed, setTyped] = useState('');
  const list = useChats(useDebounced(typed));
  const chats = list.data?.pages.flatMap((p) => p.records) ?? [];
  const scroll = useLoadMoreOnScroll(list, chats.length);
  const open = useChat(uuid);
  const [editing, setEditing] = useState<ChatView | null | undefined>(undefined); // undefined: closed; null: new
  const remove = useDeleteChat();
  const deleting = useConfirmedDelete<ChatView>((chat) => remove.mutateAsync(chat), t('chats.deleted'));
  const openChat = open.data;

  useChatsRealtime((chatId) => {
    if (openChat?.id === chatId) navigate('/chats'); // spec 3 §4: a deleted chat closes
  });
  useEffect(() => {
    if (open.isError) navigate('/chats', { replace: true }); // not a chat of this user (or gone)
  }, [open.isError, navigate]);
  useEffect(() => {
    if (!uuid) setTab('chats');
  }, [uuid]);

  if (!user) return null;
  const select = (chat: ChatView) => {
    setTab('messages');
    navigate(`/chats/${chat.uuid}`);
  };

  const listPane = (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ p: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          placeholder={t('chats.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="chat-new" sx={{ flexShrink: 0 }}>
          {t('chats.new')}
        </Button>
      </Stack>
      <ChatList
        chats={chats}
        loading={list.isLoading}
        loadingMore={list.isFetchingNextPage}
        meId={user.id}
        selectedUuid={uuid}
        onSelect={select}
        onEdit={setEditing}
        onDelete={deleting.ask}
        scrollRef={scroll.ref}
        onScroll={scroll.onScroll}
      />
    </Stack>
  );

  const conversationPane = openChat ? (
    <ChatConversation key={openChat.id} chat={openChat} meId={user.id} />
  ) : (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 3 }}>
      <Typography color="text.secondary" data-testid="chat-none-selected">
        {t('chats.selectChat')}
      </Typography>
    </Box>
  );

  return (
    // The page is as tall as the window under the top bar (48 px) and the shell's padding: the panes scroll
    // inside it, so a long chat keeps its input in view instead of growing the page.
    <Stack spacing={1} sx={{ height: { xs: 'calc(100dvh - 64px)', sm: 'calc(100dvh - 80px)' }, minHeight: 320 }} data-testid="chats-page">
      <Typography variant="h5" component="h1">
        {t('chats.title')}
      </Typography>
      {narrow ? (
        <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="fullWidth">
            <Tab value="chats" label={t('chats.tabs.chats')} data-testid="chat-tab-chats" />
            <Tab value="messages" label={t('chats.tabs.messages')} data-testid="chat-tab-messages" />
          </Tabs>
          <Box sx={{ flex: 1, minHeight: 0 }}>{tab === 'chats' ? listPane : conversationPane}</Box>
        </Paper>
      ) : (
        <Paper
          variant="outlined"
          sx={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: 'minmax(280px, 1fr) 2fr', gridTemplateRows: 'minmax(0, 1fr)' }}
        >
          <Box sx={{ borderRight: 1, borderColor: 'divider', minHeight: 0 }}>{listPane}</Box>
          <Box sx={{ minHeight: 0 }}>{conversationPane}</Box>
        </Paper>
      )}
      {editing !== undefined && (
        <FreshRecord
          key={editing?.id ?? 'new'}
          path="/chats"
          row={editing}
          idOf={(chat) => chat.uuid}
          onClose={() => setEditing(undefined)}
        >
          {(fresh) => (
            <ChatModal
              chat={fresh}
              meId={user.id}
              onClose={() => setEditing(undefined)}
              onSaved={(chat) => {
                setEditing(undefined);
                if (editing === null) select(chat);
              }}
            />
          )}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('chats.deleteTitle', { name: deleting.target?.title ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('chats.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
