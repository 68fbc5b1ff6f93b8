import type { FlowUploadedFileView } from '@chatflow/contract';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Checkbox, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../lib/api';
import { toastError } from '../../../../lib/errors';
import { notify } from '../../../../lib/notify';
import { acceptOf, pickedFileProblem, recompressImage } from '../media-files';
import { dialogMode, type NodeDialogProps, NodeDialogShell } from './NodeDialogShell';

type MediaType = 'img' | 'audio' | 'video';

/** The older node dialogs' limits (spec 3 §5): image 2 MB, audio 5 MB, video 20 MB. */
export const LEGACY_MEDIA_LIMIT_MB: Record<MediaType, number> = { img: 2, audio: 5, video: 20 };

/** POST /flowbuilder/img for images, /flowbuilder/audio for audio and video (form: fromMe, medias, body). */
function uploadNodeMedia(type: MediaType, file: File) {
  const form = new FormData();
  form.append('fromMe', 'true');
  form.append('body', file.name);
  form.append('medias', file);
  return api.post<FlowUploadedFileView>(type === 'img' ? '/flowbuilder/img' : '/flowbuilder/audio', form);
}

/** Earlier-style image, audio and video nodes: one file with its preview; audio may go as a recorded voice note. */
export function MediaNodeDialog({ type, data, onSave, onClose }: NodeDialogProps & { type: MediaType }) {
  const { t } = useTranslation();
  const mode = dialogMode(data);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [record, setRecord] = useState(!!data?.record);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const url = preview ?? (typeof data?.url === 'string' ? data.url : '');
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (picked: File) => {
    const why = pickedFileProblem(picked, type);
    const limitMb = LEGACY_MEDIA_LIMIT_MB[type];
    if (why === 'type') return notify(t('flows.content.fileType', { types: picked.name.split('.').pop() }), 'error');
    if (why === 'size' || picked.size > limitMb * 1_000_000) return notify(t('flows.content.fileTooLarge', { mb: limitMb }), 'error');
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
    setMissing(false);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file && !url) return setMissing(true);
    if (!file) return onSave(type === 'audio' ? { url, record } : { url });
    setBusy(true);
    try {
      const stored = await uploadNodeMedia(type, type === 'img' ? await recompressImage(file) : file);
      onSave(type === 'audio' ? { url: stored.name, record } : { url: stored.name });
    } catch (err) {
      toastError(err);
      setBusy(false);
    }
  };

  const typeName = t(`flows.nodeTypes.${type}`);
  return (
    <NodeDialogShell
      title={mode === 'create' ? t('flows.dialog.createTitle', { type: typeName }) : t('flows.dialog.editTitle', { type: typeName })}
      mode={mode}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />}>
            {url ? t('flows.content.replaceFile') : t('flows.content.chooseFile')}
            <input
              hidden
              type="file"
              accept={acceptOf(type)}
              data-testid="media-node-file"
              onChange={(e) => {
                const picked = e.target.files?.[0];
                if (picked) pick(picked);
                e.target.value = '';
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" noWrap>
            {file?.name ?? (url ? url.split('/').pop() : t('flows.content.noFile'))}
          </Typography>
        </Stack>
        {missing && <FormHelperText error>{t('flows.content.emptyCards')}</FormHelperText>}
        {url && type === 'img' && <Box component="img" src={url} alt="" sx={{ maxWidth: '100%', maxHeight: 220, borderRadius: 1 }} />}
        {url && type === 'audio' && (
          // biome-ignore lint/a11y/useMediaCaption: the preview of an uploaded sound has no captions to offer
          <audio src={url} controls style={{ width: '100%' }} />
        )}
        {url && type === 'video' && (
          // biome-ignore lint/a11y/useMediaCaption: the preview of an uploaded video has no captions to offer
          <video src={url} controls style={{ maxWidth: '100%', maxHeight: 240 }} />
        )}
        {type === 'audio' && (
          <FormControlLabel
            control={<Checkbox checked={record} onChange={(e) => setRecord(e.target.checked)} />}
            label={t('flows.content.record')}
          />
        )}
      </Stack>
    </NodeDialogShell>
  );
}
