import type { ContactView } from '@chatflow/contract';
import {
  Alert,
  Autocomplete,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { closeSnackbar, enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useMergeCandidates, useMergeContacts, useMergePreview, useUndoContactMerge } from '../hooks/use-contact-merge';

const NARROW_MARGINS = { mx: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: 'calc(100% - 64px)' } };

interface Props {
  /** The contact that is kept; the one picked here is merged into it. */
  contact: ContactView;
  onClose(): void;
}

/**
 * "Mesclar contato": pick the other record of the same person, see what moves, confirm. The toast
 * that follows offers "Desfazer" (the merge is logged on the server and undone from there).
 */
export function MergeContactDialog({ contact, onClose }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<ContactView | null>(null);
  const candidates = useMergeCandidates(typed, contact.id);
  const preview = useMergePreview(contact.id, picked?.id ?? null);
  const merge = useMergeContacts();
  const undo = useUndoContactMerge();

  const confirm = async () => {
    if (!picked) return;
    try {
      const done = await merge.mutateAsync({ keptId: contact.id, fromId: picked.id });
      const key = enqueueSnackbar(t('contacts.merge.done'), {
        variant: 'success',
        autoHideDuration: 8000,
        action: () => (
          <Button
            color="inherit"
            size="small"
            data-testid="undo-merge"
            onClick={() => {
              closeSnackbar(key);
              undo.mutateAsync(done.id).then(() => notify(t('contacts.merge.undone')), toastError);
            }}
          >
            {t('contacts.merge.undo')}
          </Button>
        ),
      });
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  const counts = preview.data;
  return (
    // On a phone the default 32 px margins leave the picker too narrow for a name: 12 px there.
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="merge-contact-title"
      sx={{ '& .MuiDialog-paper': NARROW_MARGINS }}
    >
      <DialogTitle id="merge-contact-title">{t('contacts.merge.title', { name: contact.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('contacts.merge.explain', { name: contact.name })}
          </Typography>
          <Autocomplete<ContactView>
            options={candidates.contacts}
            value={picked}
            filterOptions={(x) => x}
            loading={candidates.loading}
            autoHighlight
            // The field holds the name only; the number, which tells two records of one person apart, goes on a
            // line of its own in the options and under the field, so a phone never cuts it off.
            getOptionLabel={(o) => o.name}
            renderOption={({ key, ...props }, o) => (
              <li key={key} {...props}>
                <ListItemText primary={o.name} secondary={o.number} />
              </li>
            )}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('contacts.merge.noOptions')}
            onInputChange={(_e, v, reason) => reason !== 'reset' && setTyped(v)}
            onChange={(_e, v) => setPicked(v)}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label={t('contacts.merge.pick')}
                helperText={picked?.number}
                data-testid="merge-contact-search"
              />
            )}
          />
          {picked && preview.isLoading && <CircularProgress size={22} />}
          {picked && counts && (
            <Alert severity="warning" data-testid="merge-preview">
              {t('contacts.merge.preview', { name: picked.name, kept: contact.name, count: counts.tickets })}
              {counts.closedTickets > 0 && ` ${t('contacts.merge.closes', { count: counts.closedTickets })}`}
              {` ${t('contacts.merge.removed', { name: picked.name })}`}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!picked || !counts || merge.isPending} onClick={confirm} data-testid="confirm-merge">
          {t('contacts.merge.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
