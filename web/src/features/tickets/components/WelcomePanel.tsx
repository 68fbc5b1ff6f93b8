import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppearance } from '../../../app/providers/AppearanceProvider';

/** The right side while no ticket is open: the logo, and on a narrow screen "Selecionar Ticket". */
export function WelcomePanel({ onSelectTicket }: { onSelectTicket?(): void }) {
  const { t } = useTranslation();
  const { logo, appName } = useAppearance();
  return (
    <Paper
      variant="outlined"
      sx={{ height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}
      data-testid="tickets-welcome"
    >
      <Box>
        <Box component="img" src={logo} alt={appName} sx={{ maxWidth: 240, maxHeight: 120, width: '60%', mb: 2, opacity: 0.9 }} />
        <Typography color="text.secondary">{t('tickets.welcome')}</Typography>
        {onSelectTicket && (
          <Button variant="contained" sx={{ mt: 2 }} onClick={onSelectTicket} data-testid="select-ticket">
            {t('tickets.responsive.select')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
