import { TicketNoteInput } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { useConfirmTarget } from '../../../components/use-confirm-target';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useNotes } from '../hooks/use-notes';

/** Observations of the ticket: add (2 characters or more) and delete, each with its toast. */
export function TicketNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation();
  const { list, add, remove } = useNotes(ticketId, contactId, true);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmTarget<number>();

  const save = async () => {
    if (add.isPending) return; // one save at a time
    const parsed = TicketNoteInput.shape.note.safeParse(note);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'validation.invalid');
    setError(null);
    try {
      await add.mutateAsync(parsed.data);
      setNote('');
      notify(t('conversation.notes.added'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box data-testid="ticket-notes">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('conversation.notes.title')}
      </Typography>
      <TextField
        fullWidth
        multiline
        minRows={2}
        size="small"
        value={note}
        placeholder={t('conversation.notes.placeholder')}
        onChange={(e) => setNote(e.target.value)}
        error={!!error}
        helperText={error ? t(error) : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'note-input', 'aria-label': t('conversation.notes.title') } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        {/* Busy, not disabled, while saving: a disabled button drops the keyboard focus to the page. */}
        <Button size="small" variant="contained" onClick={save} aria-disabled={add.isPending} data-testid="note-save">
          {t('common.save')}
        </Button>
      </Box>
      <List dense>
        {list.data?.map((n) => (
          <ListItem
            key={n.id}
            divider
            data-testid="note"
            secondaryAction={
              <IconButton edge="end" size="small" onClick={() => confirm.ask(n.id)} aria-label={t('common.delete')}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            }
          >
            <ListItemText
              primary={n.note}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } } }}
              secondary={`${n.user?.name ?? ''} · ${format(parseISO(n.createdAt), 'dd/MM/yyyy HH:mm')}`}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmationDialog
        open={confirm.open}
        title={t('conversation.notes.deleteTitle')}
        onClose={confirm.close}
        onConfirm={async () => {
          if (confirm.target === null) return;
          try {
            await remove.mutateAsync(confirm.target);
            notify(t('conversation.notes.deleted'));
          } catch (err) {
            toastError(err);
            throw err;
          }
        }}
      />
    </Box>
  );
}
