import { QuickMessageInput, type QuickMessageView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { AttachmentField } from './components/AttachmentField';
import { useRemoveQuickMessageMedia, useSaveQuickMessage } from './hooks/use-quick-messages';
import { isLockedFor, NEW_QUICK_MESSAGE_VALUES, type QuickMessageFormValues, toFormValues } from './quick-message-form';

interface Props {
  open: boolean;
  onClose(): void;
  /** null adds a quick message. */
  record: QuickMessageView | null;
}

/**
 * Add/edit a quick message (spec 3 §5): shortcode required, message, "geral" and "visão" switches and
 * one attachment. Another user's visible, unshared message opens read-only.
 */
export default function QuickMessageModal({ open, onClose, record }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const locked = isLockedFor(record, user?.id);
  const [file, setFile] = useState<File | null>(null);
  const [storedName, setStoredName] = useState(record?.mediaName ?? null);
  const save = useSaveQuickMessage();
  const removeMedia = useRemoveQuickMessageMedia();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QuickMessageFormValues>({
    resolver: zodResolver(QuickMessageInput) as unknown as Resolver<QuickMessageFormValues>,
    defaultValues: record ? toFormValues(record) : NEW_QUICK_MESSAGE_VALUES,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: record?.id ?? null, values, file });
      notify(t('quickMessages.modal.success'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  const removeAttachment = async () => {
    if (file) return setFile(null); // not sent yet: just forget it
    if (!record) return;
    try {
      await removeMedia.mutateAsync(record.id);
      setStoredName(null);
      notify(t('quickMessages.modal.attachmentRemoved'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="quick-message-modal-title">
      <DialogTitle id="quick-message-modal-title">
        {locked ? t('quickMessages.modal.titleView') : record ? t('quickMessages.modal.titleEdit') : t('quickMessages.modal.titleAdd')}
      </DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            {locked && (
              <Alert severity="info" data-testid="quick-message-locked">
                {t('quickMessages.modal.ownerOnly')}
              </Alert>
            )}
            <TextField
              label={t('quickMessages.modal.shortcode')}
              autoFocus={!locked}
              fullWidth
              autoComplete="off"
              disabled={locked}
              {...register('shortcode')}
              error={!!errors.shortcode}
              helperText={fieldError(t, errors.shortcode)}
              slotProps={{ htmlInput: { 'data-testid': 'quick-message-shortcode' } }}
            />
            <TextField
              label={t('quickMessages.modal.message')}
              fullWidth
              multiline
              minRows={4}
              maxRows={12}
              disabled={locked}
              {...register('message')}
              error={!!errors.message}
              helperText={fieldError(t, errors.message)}
              slotProps={{ htmlInput: { 'data-testid': 'quick-message-message' } }}
            />
            <Stack direction="row" spacing={2}>
              <Controller
                name="geral"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    label={t('quickMessages.modal.geral')}
                    disabled={locked}
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} name={field.name} />}
                  />
                )}
              />
              <Controller
                name="visao"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    label={t('quickMessages.modal.visao')}
                    disabled={locked}
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} name={field.name} />}
                  />
                )}
              />
            </Stack>
            <AttachmentField
              storedName={storedName}
              pending={file}
              disabled={locked || isSubmitting}
              removing={removeMedia.isPending}
              onPick={setFile}
              onRemove={removeAttachment}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {locked ? t('common.close') : t('common.cancel')}
          </Button>
          {/* Someone else's visible, unshared message is only shown (spec 3 §5): no save to offer. */}
          {!locked && (
            <Button
              type="submit"
              variant="contained"
              disabled={isSubmitting}
              data-testid="quick-message-save"
              startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {record ? t('common.save') : t('common.add')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
