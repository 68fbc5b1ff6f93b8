import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Checkbox, FormControlLabel, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { acceptOf } from '../media-files';
import { type ContentBlock, isMedia } from './content-blocks';

interface Props {
  block: ContentBlock;
  index: number;
  count: number;
  onChange(patch: Partial<ContentBlock>): void;
  onPick(file: File): void;
  onRemove(): void;
  onMove(delta: -1 | 1): void;
}

const TITLE = { message: 'text', interval: 'interval', img: 'image', audio: 'audio', video: 'video' } as const;

/** One removable, movable block of a content node: a text, an interval or a media file with its preview. */
export function ContentBlockCard({ block, index, count, onChange, onPick, onRemove, onMove }: Props) {
  const { t } = useTranslation();
  const title = t(`flows.content.${TITLE[block.type]}`);
  const src = block.preview ?? block.value;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`content-block-${block.type}`}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {index + 1}. {title}
        </Typography>
        <Tooltip title={t('flows.content.moveUp')}>
          <span>
            <IconButton
              size="small"
              disabled={index === 0}
              onClick={() => onMove(-1)}
              aria-label={`${t('flows.content.moveUp')} ${index + 1}`}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('flows.content.moveDown')}>
          <span>
            <IconButton
              size="small"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={`${t('flows.content.moveDown')} ${index + 1}`}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('flows.content.remove')}>
          <IconButton size="small" onClick={onRemove} aria-label={`${t('flows.content.remove')} ${title} ${index + 1}`}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {block.type === 'message' && (
        <TextField
          label={t('flows.content.message')}
          value={block.value}
          onChange={(e) => onChange({ value: e.target.value })}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': `content-message-${index}` } }}
        />
      )}
      {block.type === 'interval' && (
        <TextField
          label={t('flows.content.seconds')}
          value={block.value}
          onChange={(e) => onChange({ value: e.target.value })}
          type="number"
          fullWidth
          size="small"
          slotProps={{ htmlInput: { min: 1, max: 120, 'data-testid': `content-interval-${index}` } }}
        />
      )}
      {isMedia(block.type) && (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />}>
              {src ? t('flows.content.replaceFile') : t('flows.content.chooseFile')}
              <input
                hidden
                type="file"
                accept={acceptOf(block.type)}
                data-testid={`content-file-${index}`}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) onPick(file);
                  e.target.value = '';
                }}
              />
            </Button>
            <Typography variant="body2" color="text.secondary" noWrap>
              {block.file?.name ?? block.original ?? (src ? src.split('/').pop() : t('flows.content.noFile'))}
            </Typography>
          </Stack>
          {src && block.type === 'img' && (
            <Box component="img" src={src} alt={block.original ?? ''} sx={{ maxWidth: '100%', maxHeight: 180, borderRadius: 1 }} />
          )}
          {src && block.type === 'audio' && (
            // biome-ignore lint/a11y/useMediaCaption: a customer's voice note preview has no captions to offer
            <audio src={src} controls style={{ width: '100%' }} />
          )}
          {src && block.type === 'video' && (
            // biome-ignore lint/a11y/useMediaCaption: the preview of an uploaded video has no captions to offer
            <video src={src} controls style={{ maxWidth: '100%', maxHeight: 200 }} />
          )}
          {block.type === 'audio' && (
            <FormControlLabel
              control={<Checkbox checked={!!block.record} onChange={(e) => onChange({ record: e.target.checked })} />}
              label={t('flows.content.record')}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}
