import { CHAT_MESSAGE_MAX } from '@chatflow/contract';
import SendIcon from '@mui/icons-material/Send';
import { IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendChatMessage } from '../hooks/use-chats';

/** Enter sends, Shift+Enter breaks the line; an empty message is not sent (spec 3 §5); failures are silent (§8). */
export function ChatInput({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useSendChatMessage(chatId);
  const submit = () => {
    const message = text.trim();
    if (!message || send.isPending) return;
    send.mutate(message, { onSuccess: () => setText('') });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ p: 1, borderTop: 1, borderColor: 'divider', alignItems: 'flex-end' }}>
      <TextField
        fullWidth
        multiline
        maxRows={5}
        size="small"
        placeholder={t('chats.typeMessage')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            submit();
          }
        }}
        slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX, 'data-testid': 'chat-input' } }}
      />
      <Tooltip title={t('chats.send')}>
        <span>
          <IconButton
            color="primary"
            onClick={submit}
            disabled={!text.trim() || send.isPending}
            aria-label={t('chats.send')}
            data-testid="chat-send"
          >
            <SendIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
