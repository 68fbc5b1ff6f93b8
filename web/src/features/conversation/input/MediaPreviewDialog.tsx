import DeleteIcon from '@mui/icons-material/Delete';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  files: File[];
  busy: boolean;
  /** Why the last send failed (the server refused the files), shown in the dialog until they change. */
  error: string | null;
  onRemove(index: number): void;
  onSend(items: { file: File; caption: string }[]): void;
  onClose(): void;
}

/** Files have no id; each gets one for as long as it is in the list (the same file may be picked twice). */
const fileIds = new WeakMap<File, number>();
let lastFileId = 0;
const fileId = (file: File) => {
  if (!fileIds.has(file)) fileIds.set(file, ++lastFileId);
  return fileIds.get(file);
};

function Thumb({ file }: { file: File }) {
  const url = useMemo(() => (/^(image|video)\//.test(file.type) ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  if (url && file.type.startsWith('image/'))
    return <Box component="img" src={url} alt="" sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1 }} />;
  // biome-ignore lint/a11y/useMediaCaption: a silent preview of the file about to be sent
  if (url) return <video src={url} style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 4 }} />;
  return (
    <Box sx={{ width: 72, height: 72, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
      <InsertDriveFileIcon />
    </Box>
  );
}

/**
 * Files chosen to send: a preview and a caption for each (sent as one `body` per file). A refused
 * send keeps the dialog open with the reason inside it: the toast says it too, but while a modal is
 * open the page behind it (toasts included) is hidden from screen readers, and the person may want
 * to remove the offending file and send the rest.
 */
export function MediaPreviewDialog({ files, busy, error, onRemove, onSend, onClose }: Props) {
  const { t } = useTranslation();
  const [captions, setCaptions] = useState<string[]>([]);
  useEffect(() => setCaptions((c) => files.map((_, i) => c[i] ?? '')), [files]);

  return (
    <Dialog open={files.length > 0} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('conversation.mediaPreview.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" data-testid="media-error">
              {error}
            </Alert>
          )}
          {files.map((file, i) => (
            <Box key={fileId(file)} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }} data-testid="media-preview-item">
              <Thumb file={file} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap title={file.name}>
                  {file.name}
                </Typography>
                <TextField
                  fullWidth
                  size="small"
                  margin="dense"
                  label={t('conversation.mediaPreview.caption')}
                  value={captions[i] ?? ''}
                  onChange={(e) => setCaptions((c) => c.map((v, j) => (j === i ? e.target.value : v)))}
                />
              </Box>
              <IconButton onClick={() => onRemove(i)} disabled={busy} aria-label={t('common.delete')}>
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          data-testid="media-send"
          onClick={() => onSend(files.map((file, i) => ({ file, caption: captions[i] ?? '' })))}
        >
          {t('conversation.input.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
