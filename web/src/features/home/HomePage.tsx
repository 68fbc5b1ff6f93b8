import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppearance } from '../../app/providers/AppearanceProvider';

/** The landing page until the dashboard exists: the logo and a pointer to the menu. */
export default function HomePage() {
  const { t } = useTranslation();
  const { logo, appName } = useAppearance();
  return (
    <Paper variant="outlined" sx={{ display: 'grid', placeItems: 'center', minHeight: '70vh', textAlign: 'center', p: 4 }}>
      <Box>
        <Box component="img" src={logo} alt={appName} sx={{ height: 96, mb: 2 }} />
        <Typography variant="h5">{t('home.title')}</Typography>
        <Typography color="text.secondary">{t('home.subtitle')}</Typography>
      </Box>
    </Paper>
  );
}
