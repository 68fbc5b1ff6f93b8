import type { MessageView, TicketView } from '@chatflow/contract';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/providers/AuthProvider';
import { flattenMessages } from '../hooks/messages-cache';
import { useMessages } from '../hooks/use-messages';
import { type Content, resolveContent } from '../parse/resolve';
import { DayDivider, dayKey } from './DayDivider';
import { MessageDialogs, type MessageDialogsHandle } from './MessageDialogs';
import { MessageItem } from './MessageItem';
import { MessageOptionsMenu } from './MessageOptionsMenu';
import { SelectionBar } from './SelectionBar';
import { useScrollAnchor } from './use-scroll-anchor';

/** Parsed once per message object: the cache hands out new objects only for changed messages. */
const resolved = new WeakMap<MessageView, Content | null>();
function contentOf(m: MessageView) {
  if (!resolved.has(m)) resolved.set(m, resolveContent(m));
  return resolved.get(m) ?? null;
}

interface Row {
  message: MessageView;
  content: Content;
  newDay: boolean;
}

function buildRows(messages: MessageView[]): Row[] {
  const rows: Row[] = [];
  let day = '';
  for (const message of messages) {
    const content = contentOf(message);
    if (!content && !message.isDeleted) continue; // unreadable: logged, not shown
    const key = dayKey(message.createdAt);
    rows.push({ message, content: content ?? { kind: 'text', text: '' }, newDay: key !== day });
    day = key;
  }
  return rows;
}

/** Element id the PDF export captures. */
export const messagesElementId = (ticketId: number) => `messages-${ticketId}`;

interface Props {
  ticket: TicketView;
  onReply(message: MessageView): void;
}

/**
 * The conversation: day dividers, bubbles and the per-message options. Rows are memoised and the
 * browser skips layout and paint of the ones off screen (content-visibility), which keeps even long
 * histories cheap without giving up native scroll anchoring when older pages are put on top.
 */
export function MessagesList({ ticket, onReply }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const query = useMessages(ticket.uuid);
  const rows = useMemo(() => buildRows(flattenMessages(query.data)), [query.data]);
  const ref = useRef<HTMLDivElement>(null);
  const last = rows.at(-1)?.message;
  const { onScroll } = useScrollAnchor(ref, {
    firstId: rows[0]?.message.id,
    lastId: last?.id,
    lastFromMe: !!last?.fromMe,
    hasOlder: !!query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder: query.fetchNextPage,
  });

  const [menu, setMenu] = useState<{ anchor: HTMLElement; message: MessageView } | null>(null);
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const dialogs = useRef<MessageDialogsHandle>(null);
  const openMenu = useCallback((anchor: HTMLElement, message: MessageView) => setMenu({ anchor, message }), []);
  const toggle = useCallback(
    (id: number) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      {query.isFetchingNextPage && (
        <Box
          sx={{
            position: 'absolute',
            top: 8,
            left: 0,
            right: 0,
            display: 'flex',
            justifyContent: 'center',
            zIndex: 1,
            pointerEvents: 'none',
          }}
        >
          <CircularProgress size={22} />
        </Box>
      )}
      <Box
        ref={ref}
        onScroll={onScroll}
        id={messagesElementId(ticket.id)}
        data-testid="messages-list"
        sx={{ flex: 1, overflowY: 'auto', py: 1, bgcolor: (th) => (th.palette.mode === 'dark' ? '#0b141a' : '#efeae2') }}
      >
        <Box data-testid="messages-content">
          {query.isPending && (
            <Box sx={{ p: 3, textAlign: 'center' }}>
              <CircularProgress size={28} />
            </Box>
          )}
          {query.isSuccess && rows.length === 0 && (
            <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
              {t('conversation.empty')}
            </Typography>
          )}
          {rows.map(({ message, content, newDay }) => (
            <Box key={message.id} sx={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 72px' }}>
              {newDay && <DayDivider at={message.createdAt} />}
              <MessageItem
                message={message}
                content={content}
                showSender={ticket.isGroup}
                selecting={selected !== null}
                selected={!!selected?.has(message.id)}
                onToggleSelect={toggle}
                onOpenMenu={openMenu}
              />
            </Box>
          ))}
        </Box>
      </Box>
      {selected !== null && (
        <SelectionBar
          count={selected.size}
          onCancel={() => setSelected(null)}
          onForward={() => dialogs.current?.forward(rows.filter((r) => selected.has(r.message.id)).map((r) => r.message.id))}
        />
      )}
      <MessageOptionsMenu
        anchor={menu?.anchor ?? null}
        message={menu?.message ?? null}
        userId={userId}
        onClose={() => setMenu(null)}
        onAction={(action, message) => {
          if (action === 'reply') onReply(message);
          else if (action === 'forward') setSelected(new Set([message.id]));
          else dialogs.current?.open(action, message);
        }}
      />
      <MessageDialogs ref={dialogs} uuid={ticket.uuid} onForwarded={() => setSelected(null)} />
    </Box>
  );
}
