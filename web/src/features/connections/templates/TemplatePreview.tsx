import type { TemplateButtonView } from '@chatflow/contract';
import { Box, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormattedText } from '../../../components/wa-text/FormattedText';
import { buttonIcon } from './TemplateCard';

interface Props {
  header: string | null;
  body: string;
  footer: string | null;
  buttons: TemplateButtonView[];
}

/**
 * The template as WhatsApp shows it to the customer: a white bubble on the chat's beige, the header
 * in bold, the body with WhatsApp's formatting, the footer in grey, each button on its own line.
 * WhatsApp's own colours, whatever the app's theme: it is a picture of the customer's phone.
 */
export function TemplatePreview({ header, body, footer, buttons }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ bgcolor: '#efeae2', borderRadius: 1, p: 2, color: '#111b21', minHeight: 160 }}
      role="figure"
      aria-label={t('templates.composer.preview')}
      data-testid="template-preview"
    >
      <Box sx={{ bgcolor: '#ffffff', borderRadius: '0 8px 8px 8px', maxWidth: 340, boxShadow: '0 1px 0.5px rgba(11,20,26,.13)' }}>
        <Stack spacing={0.75} sx={{ px: 1.25, pt: 1, pb: 0.75 }}>
          {header && (
            <Typography sx={{ fontWeight: 700, fontSize: 15, overflowWrap: 'anywhere' }} data-testid="template-preview-header">
              {header}
            </Typography>
          )}
          <Typography sx={{ fontSize: 14.2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="template-preview-body">
            <FormattedText text={body} />
          </Typography>
          {footer && <Typography sx={{ fontSize: 13, color: '#667781' }}>{footer}</Typography>}
          <Typography sx={{ fontSize: 11, color: '#667781', alignSelf: 'flex-end' }}>{t('templates.composer.now')}</Typography>
        </Stack>
        {buttons.map((b) => (
          <Box key={`${b.type}-${b.text}`}>
            <Divider sx={{ borderColor: '#e9edef' }} />
            <Stack
              direction="row"
              spacing={0.75}
              sx={{ py: 1, justifyContent: 'center', alignItems: 'center', color: '#027eb5', fontSize: 14 }}
            >
              {buttonIcon(b.type)}
              <span>{b.text}</span>
            </Stack>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
