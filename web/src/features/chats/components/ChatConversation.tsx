import type { ChatView } from '@chatflow/contract';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../lib/format';
import { usePageVisible } from '../../../lib/use-page-visible';
import { otherMemberNames, unreadsOf } from '../chat-members';
import { useChatMessages, useMarkChatRead } from '../hooks/use-chats';
import { ChatInput } from './ChatInput';

/** Spec 3 §9: older messages load within 600 px of the top; the view goes to the bottom 300 ms after opening. */
const LOAD_OLDER_PX = 600;
const SCROLL_TO_BOTTOM_MS = 300;
/** Near the bottom, a new message keeps the view at the bottom; higher up, the reader stays where they are. */
const FOLLOW_PX = 150;

/** One open chat: its messages (oldest at the top), the sender and time of each, and the input. */
export function ChatConversation({ chat, meId }: { chat: ChatView; meId: number }) {
  const { t } = useTranslation();
  const query = useChatMessages(chat.id);
  const markRead = useMarkChatRead();
  const box = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const messages = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.records).toReversed(), [query.data]);
  const newestId = messages.at(-1)?.id;
  const unread = unreadsOf(chat, meId);

  // Opening the chat, and every message of another member that arrives while it is open and the page is
  // visible, reads it: counted by the message itself, not only by the chat's unread count, whose read answer
  // may overtake the message's event and leave the count at 0 here while the server has 1 (badge and dot).
  const visible = usePageVisible();
  const newestFromOthers = useMemo(() => messages.findLast((m) => m.senderId !== meId)?.id, [messages, meId]);
  const readUpTo = useRef<number | undefined>(undefined);
  const { mutate: markChatRead } = markRead;
  useEffect(() => {
    if (!visible) return;
    const arrived = readUpTo.current !== undefined && newestFromOthers !== readUpTo.current;
    readUpTo.current = newestFromOthers;
    if (unread > 0 || arrived) markChatRead({ chatId: chat.id, userId: meId });
  }, [visible, unread, newestFromOthers, chat.id, meId, markChatRead]);

  const openedAtBottom = useRef(false);
  // The first page shows at the bottom at once, and again 300 ms later (spec 3 §9), once late layout has settled.
  useEffect(() => {
    if (openedAtBottom.current || messages.length === 0) return;
    openedAtBottom.current = true;
    setTimeout(() => box.current?.scrollTo({ top: box.current.scrollHeight }), SCROLL_TO_BOTTOM_MS);
  }, [messages.length]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change, to keep the reader's place
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (!openedAtBottom.current) {
      el.scrollTop = el.scrollHeight;
    } else if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current; // older rows went on top: stay on the same message
      heightBeforeOlder.current = null;
    } else if (el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX + el.clientHeight) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages.length, newestId]);

  const onScroll = () => {
    const el = box.current;
    if (!el || !query.hasNextPage || query.isFetchingNextPage) return;
    if (el.scrollTop < LOAD_OLDER_PX) {
      heightBeforeOlder.current = el.scrollHeight;
      void query.fetchNextPage();
    }
  };

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} data-testid="chat-conversation">
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" noWrap data-testid="chat-title">
          {chat.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {otherMemberNames(chat, meId)}
        </Typography>
      </Box>
      <Box
        ref={box}
        onScroll={onScroll}
        sx={{ flex: 1, overflowY: 'auto', p: 2, minHeight: 0, bgcolor: 'action.hover' }}
        data-testid="chat-messages"
      >
        {query.isFetchingNextPage && (
          <Box sx={{ display: 'grid', placeItems: 'center', pb: 1 }}>
            <CircularProgress size={20} />
          </Box>
        )}
        {!query.isLoading && messages.length === 0 && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }} data-testid="chat-no-messages">
            {t('chats.noMessages')}
          </Typography>
        )}
        <Stack spacing={1}>
          {messages.map((m) => {
            const mine = m.senderId === meId;
            return (
              <Box key={m.id} sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
                <Paper
                  elevation={0}
                  data-testid="chat-message"
                  data-mine={mine}
                  sx={{
                    px: 1.5,
                    py: 1,
                    maxWidth: '75%',
                    bgcolor: mine ? 'primary.main' : 'background.paper',
                    color: mine ? 'primary.contrastText' : 'text.primary',
                    border: 1,
                    borderColor: mine ? 'primary.main' : 'divider',
                  }}
                >
                  {!mine && (
                    <Typography variant="caption" sx={{ fontWeight: 600, display: 'block' }}>
                      {m.sender?.name ?? '—'}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {m.message}
                  </Typography>
                  <Typography variant="caption" sx={{ display: 'block', textAlign: 'right', opacity: 0.75 }}>
                    {formatDate(m.createdAt)} {formatTime(m.createdAt)}
                  </Typography>
                </Paper>
              </Box>
            );
          })}
        </Stack>
      </Box>
      <ChatInput chatId={chat.id} />
    </Stack>
  );
}
