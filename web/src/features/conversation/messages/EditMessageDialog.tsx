import type { MessageView } from '@chatflow/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditMessage } from '../hooks/use-message-actions';

/** Edits the text of an own message (offered only within its first 15 minutes). */
export function EditMessageDialog({ uuid, message, onClose }: { uuid: string; message: MessageView | null; onClose(): void }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const edit = useEditMessage(uuid);
  useEffect(() => setBody(message?.body ?? ''), [message]);

  const save = () => {
    if (!message || !body.trim() || body === message.body) return onClose();
    edit.mutate({ id: message.id, body: body.trim() }, { onSuccess: onClose });
  };

  return (
    <Dialog open={!!message} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('conversation.options.edit')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              save();
            }
          }}
          slotProps={{ htmlInput: { 'data-testid': 'edit-body' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={edit.isPending || !body.trim()}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
