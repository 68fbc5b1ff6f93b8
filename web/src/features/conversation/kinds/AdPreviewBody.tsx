import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AdPreviewBody as Ad } from '../parse/pipe';
import { TextBody } from './TextBody';

/** A message that came from an ad: the ad card, then what the person wrote. */
export function AdPreviewBody({ ad }: { ad: Ad }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="kind-ad">
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, mb: 0.5, maxWidth: 300 }}>
        {ad.image && (
          <Box component="img" src={ad.image} alt="" loading="lazy" sx={{ display: 'block', maxWidth: '100%', borderRadius: 1, mb: 0.5 }} />
        )}
        <Typography variant="subtitle2">{ad.title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
          {ad.body}
        </Typography>
        {ad.sourceUrl && (
          <Link href={ad.sourceUrl} target="_blank" rel="noopener noreferrer" variant="caption">
            {t('conversation.kinds.adSource')}
          </Link>
        )}
      </Box>
      <TextBody text={ad.userMessage} />
    </Box>
  );
}
