import { Typography } from '@mui/material';
import { FormattedText } from '../../../components/wa-text/FormattedText';

/** A message's text, with line breaks kept and WhatsApp styles applied (never as HTML). */
export function TextBody({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      <FormattedText text={text} />
    </Typography>
  );
}
