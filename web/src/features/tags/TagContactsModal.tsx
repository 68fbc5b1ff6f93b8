import type { TagView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/errors';
import { useRemoveTagContact, useTagContacts } from './hooks/use-tag-contacts';
import { coloredSx } from '../../components/colored';

interface Props {
  tag: TagView;
  onClose(): void;
}

/** The contacts carrying a tag (spec 3 "Tags"): id, name, number and a remove button; it closes once none are left. */
export default function TagContactsModal({ tag, onClose }: Props) {
  const { t } = useTranslation();
  const { data, isLoading, isError, error } = useTagContacts(tag.id);
  const remove = useRemoveTagContact(tag.id);
  const contacts = data ?? [];
  const empty = !!data && contacts.length === 0;

  useEffect(() => {
    if (isError) toastError(error);
  }, [isError, error]);

  useEffect(() => {
    if (empty) onClose();
  }, [empty, onClose]);

  const removeContact = async (contactId: number) => {
    try {
      await remove.mutateAsync(contactId);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="tag-contacts-title">
      <DialogTitle id="tag-contacts-title">
        {t('tags.contactsModal.title')} <Chip size="small" label={tag.name} sx={{ ...coloredSx(tag.color), ml: 1 }} />
      </DialogTitle>
      <DialogContent dividers>
        {isLoading ? (
          <CircularProgress size={24} sx={{ display: 'block', mx: 'auto' }} />
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('tags.contactsModal.id')}</TableCell>
                <TableCell>{t('tags.contactsModal.name')}</TableCell>
                <TableCell>{t('tags.contactsModal.number')}</TableCell>
                <TableCell align="center">{t('common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {contacts.map((c) => (
                <TableRow key={c.id} data-testid="tag-contact-row">
                  <TableCell>{c.id}</TableCell>
                  <TableCell>{c.name}</TableCell>
                  <TableCell>{c.number}</TableCell>
                  <TableCell align="center">
                    <IconButton
                      size="small"
                      onClick={() => removeContact(c.id)}
                      disabled={remove.isPending}
                      aria-label={t('tags.contactsModal.remove', { name: c.name })}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
