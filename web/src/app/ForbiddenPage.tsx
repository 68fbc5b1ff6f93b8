import BlockIcon from '@mui/icons-material/Block';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** "Oops! Acesso Negado!" with Voltar going to /tickets (spec 1 §2.1). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', textAlign: 'center' }} data-testid="forbidden">
      <Box>
        <BlockIcon color="error" sx={{ fontSize: 72 }} />
        <Typography variant="h4" sx={{ my: 2 }}>
          {t('forbidden.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('forbidden.text')}
        </Typography>
        <Button variant="contained" onClick={() => navigate('/tickets')}>
          {t('forbidden.back')}
        </Button>
      </Box>
    </Box>
  );
}
