import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CompaniesManager } from './CompaniesManager';

/** /companies (super user; the router's ScreenGuard keeps everyone else out). */
export default function CompaniesPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('companies.title')}
      </Typography>
      <CompaniesManager />
    </Box>
  );
}
