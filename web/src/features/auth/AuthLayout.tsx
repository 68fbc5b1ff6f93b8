import { Box, Paper, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useAppearance } from '../../app/providers/AppearanceProvider';
import { LanguageMenu } from '../../app/shell/LanguageMenu';

/** The frame of the public pages: logo, card, language switch. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { logo, appName } = useAppearance();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Box sx={{ position: 'fixed', top: 8, right: 8 }}>
        <LanguageMenu color="primary" />
      </Box>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Stack sx={{ alignItems: 'center', mb: 3 }}>
          <Box component="img" src={logo} alt={appName} sx={{ height: 64, maxWidth: '80%', objectFit: 'contain' }} />
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}
