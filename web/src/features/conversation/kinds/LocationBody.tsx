import PlaceIcon from '@mui/icons-material/Place';
import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LocationBody as Location } from '../parse/pipe';

export function LocationBody({ location }: { location: Location }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="kind-location">
      {location.image && (
        <Box
          component="img"
          src={location.image}
          alt=""
          loading="lazy"
          sx={{ display: 'block', maxWidth: 250, borderRadius: 1, mb: 0.5 }}
        />
      )}
      <Link
        href={location.link ?? undefined}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <PlaceIcon fontSize="small" /> {t('conversation.kinds.viewLocation')}
      </Link>
      {location.description && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {location.description}
        </Typography>
      )}
    </Box>
  );
}
