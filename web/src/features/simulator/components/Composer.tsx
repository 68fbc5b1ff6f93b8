import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { IconButton, Stack, TextField } from '@mui/material';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The phone's input row: a text (Enter sends, Shift+Enter breaks the line) and a file picker for an
 * image or document; the text typed goes along as the file's caption. Empty text is not sent.
 */
export function Composer({
  disabled,
  onText,
  onFile,
}: {
  disabled: boolean;
  onText(text: string): Promise<void>;
  onFile(file: File, caption: string): Promise<void>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const run = async (send: () => Promise<void>) => {
    setBusy(true);
    try {
      await send();
      setText('');
    } catch {
      // the caller has said what went wrong; the text stays for another try
    } finally {
      setBusy(false);
    }
  };
  const sendText = () => {
    if (text.trim() && !busy && !disabled) void run(() => onText(text));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      sendText();
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', p: 1, bgcolor: '#f0f2f5' }}>
      <input
        ref={picker}
        type="file"
        hidden
        data-testid="simulator-file"
        accept="image/*,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.zip"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void run(() => onFile(file, text));
        }}
      />
      <IconButton aria-label={t('simulator.attach')} disabled={disabled || busy} onClick={() => picker.current?.click()}>
        <AttachFileIcon />
      </IconButton>
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        placeholder={t('simulator.placeholder')}
        size="small"
        fullWidth
        multiline
        maxRows={5}
        slotProps={{ htmlInput: { 'aria-label': t('simulator.placeholder') } }}
        sx={{ bgcolor: '#fff', borderRadius: 1 }}
      />
      <IconButton aria-label={t('simulator.send')} color="primary" disabled={disabled || busy || !text.trim()} onClick={sendText}>
        <SendIcon />
      </IconButton>
    </Stack>
  );
}
