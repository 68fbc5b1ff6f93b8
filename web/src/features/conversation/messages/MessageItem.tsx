import type { MessageView } from '@chatflow/contract';
import BlockIcon from '@mui/icons-material/Block';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockIcon from '@mui/icons-material/Lock';
import ShortcutIcon from '@mui/icons-material/Shortcut';
import { Box, Checkbox, IconButton, Typography } from '@mui/material';
import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { MessageContent } from '../kinds/MessageContent';
import type { Content } from '../parse/resolve';
import { AckIcon } from './AckIcon';
import { QuotedPreview } from './QuotedPreview';

interface Props {
  message: MessageView;
  content: Content;
  /** Group tickets name who wrote each incoming message. */
  showSender: boolean;
  selecting: boolean;
  selected: boolean;
  onToggleSelect(id: number): void;
  onOpenMenu(anchor: HTMLElement, message: MessageView): void;
}

const bubbleColor = (m: MessageView) => (theme: { palette: { mode: string } }) => {
  const dark = theme.palette.mode === 'dark';
  if (m.isPrivate) return dark ? '#4d4000' : '#fff4c2';
  if (m.fromMe) return dark ? '#005c4b' : '#d9fdd3';
  return dark ? '#202c33' : '#ffffff';
};

/**
 * One message bubble: marks (forwarded, private), the quoted message, the body, and a footer with
 * "editada", the time and, on outgoing messages, the acknowledgement. Memoised: a realtime update of
 * one message re-renders that bubble only.
 */
export const MessageItem = memo(function MessageItem({
  message: m,
  content,
  showSender,
  selecting,
  selected,
  onToggleSelect,
  onOpenMenu,
}: Props) {
  const { t } = useTranslation();
  const openMenu = (e: MouseEvent<HTMLElement>) => onOpenMenu(e.currentTarget, m);
  return (
    <Box
      data-testid="message"
      data-message-id={m.id}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: m.fromMe ? 'flex-end' : 'flex-start', px: 1.5, py: 0.25 }}
    >
      {selecting && (
        <Checkbox
          size="small"
          checked={selected}
          onChange={() => onToggleSelect(m.id)}
          slotProps={{ input: { 'aria-label': t('conversation.forward.select') } }}
        />
      )}
      <Box
        sx={{
          position: 'relative',
          maxWidth: { xs: '85%', md: '65%' },
          minWidth: 90,
          bgcolor: bubbleColor(m),
          borderRadius: 2,
          boxShadow: 1,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          '&:hover .message-menu': { opacity: 1 },
        }}
      >
        {!m.isDeleted && (
          <IconButton
            className="message-menu"
            size="small"
            onClick={openMenu}
            aria-label={t('conversation.options.open')}
            sx={{ position: 'absolute', top: 0, right: 0, opacity: { xs: 1, md: 0 }, transition: 'opacity .15s' }}
          >
            <ExpandMoreIcon fontSize="small" />
          </IconButton>
        )}
        {showSender && !m.fromMe && m.contact?.name && (
          <Typography variant="caption" sx={{ fontWeight: 600, color: 'primary.main', display: 'block' }}>
            {m.contact.name}
          </Typography>
        )}
        {m.isForwarded && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontStyle: 'italic' }}
          >
            <ShortcutIcon sx={{ fontSize: 14 }} /> {t('conversation.forwarded')}
          </Typography>
        )}
        {m.isPrivate && (
          <Typography variant="caption" color="warning.dark" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}>
            <LockIcon sx={{ fontSize: 14 }} /> {t('conversation.private')}
          </Typography>
        )}
        {m.quotedMsg && !m.isDeleted && <QuotedPreview quoted={m.quotedMsg} />}
        <Box sx={{ pr: 2.5 }}>
          {m.isDeleted ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontStyle: 'italic' }}
            >
              <BlockIcon sx={{ fontSize: 16 }} /> {m.fromMe ? t('conversation.deletedOwn') : t('conversation.deletedByContact')}
            </Typography>
          ) : (
            <MessageContent content={content} />
          )}
          {m.isDeleted && m.sendError === 'ERR_DELETE_WAPP_MSG' && (
            <Typography variant="caption" color="error" component="div" data-testid="delete-refused" sx={{ mt: 0.25 }}>
              {t('conversation.deleteRefused')}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
          {m.isEdited && !m.isDeleted && (
            <Typography variant="caption" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {t('conversation.edited')}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {formatTime(m.createdAt)}
          </Typography>
          {m.fromMe && !m.isPrivate && <AckIcon ack={m.ack} sendError={m.sendError} />}
        </Box>
      </Box>
    </Box>
  );
});
