import type { MessageView } from '@chatflow/contract';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormattedText } from '../../../components/wa-text/FormattedText';

type Quoted = NonNullable<MessageView['quotedMsg']>;

/** The label of a quoted message: its text, else the kind of media it was. */
export function quotedText(q: Pick<Quoted, 'body' | 'mediaType' | 'mediaUrl'>, t: (k: string) => string): string {
  if (q.body && q.body !== q.mediaUrl) return q.body;
  if (['image', 'audio', 'video', 'document', 'application', 'sticker'].includes(q.mediaType))
    return t(`conversation.media.${q.mediaType}`);
  return q.body;
}

/** The message a reply answers, drawn above it (and above the input while replying). */
export function QuotedPreview({ quoted, onClick }: { quoted: Quoted; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      onClick={onClick}
      data-testid="quoted"
      sx={{
        borderLeft: 4,
        borderColor: quoted.fromMe ? 'primary.main' : 'success.main',
        bgcolor: 'action.hover',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
        cursor: onClick ? 'pointer' : 'default',
        overflow: 'hidden',
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, color: quoted.fromMe ? 'primary.main' : 'success.main' }}>
        {quoted.fromMe ? t('conversation.you') : (quoted.contact?.name ?? '')}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        <FormattedText text={quotedText(quoted, t)} />
      </Typography>
    </Box>
  );
}
