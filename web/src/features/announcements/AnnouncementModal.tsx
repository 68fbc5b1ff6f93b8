import {
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  ANNOUNCEMENT_TEXT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  AnnouncementInput,
  type AnnouncementView,
} from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useRemoveAnnouncementMedia, useSaveAnnouncement } from './hooks/use-announcements';
import { priorityColor, priorityLabelKey } from './priority';

interface FormValues {
  title: string;
  text: string;
  priority: 1 | 2 | 3;
  status: boolean;
}

const ACCEPT = ANNOUNCEMENT_MEDIA_EXTENSIONS.map((e) => `.${e}`).join(',');
const isAcceptedName = (name: string) =>
  (ANNOUNCEMENT_MEDIA_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

/**
 * Add/edit an announcement (spec 3 "Announcements", §5): title and text required, priority (default 3),
 * status (default active), one png/jpg/jpeg picture. The server checks the picture's bytes again.
 */
export default function AnnouncementModal({ record, onClose }: { record: AnnouncementView | null; onClose(): void }) {
  const { t } = useTranslation();
  const save = useSaveAnnouncement();
  const removeMedia = useRemoveAnnouncementMedia();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [storedName, setStoredName] = useState(record?.mediaName ?? null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(AnnouncementInput) as unknown as Resolver<FormValues>,
    defaultValues: record
      ? { title: record.title, text: record.text, priority: record.priority as 1 | 2 | 3, status: record.status }
      : { title: '', text: '', priority: 3, status: true },
  });

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    if (!isAcceptedName(picked.name)) {
      setFileError(t('announcements.modal.fileTypes'));
      return;
    }
    setFileError(null);
    setFile(picked);
  };

  const removeAttachment = async () => {
    if (file) return setFile(null);
    if (!record) return;
    try {
      await removeMedia.mutateAsync(record.id);
      setStoredName(null);
    } catch (err) {
      toastError(err);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: record?.id ?? null, values, file });
      notify(t('announcements.saved'));
      onClose();
    } catch (err) {
      if (err instanceof Error && 'code' in err && err.code === 'ERR_INVALID_FILE') setFileError(t('announcements.modal.fileTypes'));
      else applyServerErrors(err, setError);
    }
  });

  const name = file?.name ?? storedName;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="announcement-modal-title">
      <DialogTitle id="announcement-modal-title">
        {record ? t('announcements.modal.titleEdit') : t('announcements.modal.titleAdd')}
      </DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t('announcements.modal.title')}
              autoFocus
              fullWidth
              {...register('title')}
              error={!!errors.title}
              helperText={fieldError(t, errors.title)}
              slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_TITLE_MAX, 'data-testid': 'announcement-title' } }}
            />
            <TextField
              label={t('announcements.modal.text')}
              fullWidth
              multiline
              minRows={4}
              maxRows={12}
              {...register('text')}
              error={!!errors.text}
              helperText={fieldError(t, errors.text)}
              slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_TEXT_MAX, 'data-testid': 'announcement-text' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                name="priority"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label={t('announcements.modal.priority')}
                    value={field.value}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                    data-testid="announcement-priority"
                  >
                    {[1, 2, 3].map((p) => (
                      <MenuItem key={p} value={p}>
                        <Box
                          component="span"
                          sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: priorityColor(p), mr: 1 }}
                        />
                        {t(priorityLabelKey(p))}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="status"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label={t('announcements.modal.status')}
                    value={field.value ? 'true' : 'false'}
                    onChange={(e) => field.onChange(e.target.value === 'true')}
                  >
                    <MenuItem value="true">{t('announcements.status.active')}</MenuItem>
                    <MenuItem value="false">{t('announcements.status.inactive')}</MenuItem>
                  </TextField>
                )}
              />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />} disabled={isSubmitting}>
                {t('announcements.modal.attach')}
                <input hidden type="file" accept={ACCEPT} onChange={pick} data-testid="announcement-file" />
              </Button>
              {name && (
                <Chip
                  label={name}
                  data-testid="announcement-attachment"
                  onDelete={isSubmitting || removeMedia.isPending ? undefined : removeAttachment}
                  deleteIcon={<DeleteOutlineIcon aria-label={t('announcements.modal.removeAttachment')} />}
                />
              )}
            </Stack>
            {fileError && (
              <Typography color="error" variant="body2" data-testid="announcement-file-error">
                {fileError}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            data-testid="announcement-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {record ? t('common.save') : t('common.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
