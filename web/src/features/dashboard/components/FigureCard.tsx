import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One counter: its name, its figure, an icon in the counter's colour. */
export function FigureCard({
  label,
  value,
  icon,
  color,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  color: string;
  testId: string;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, minWidth: 0 }}
      data-testid={testId}
    >
      <Box
        sx={{
          color,
          display: { xs: 'none', sm: 'grid' },
          placeItems: 'center',
          width: 44,
          height: 44,
          borderRadius: 2,
          bgcolor: 'action.hover',
          flexShrink: 0,
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.3 }}>
          {label}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ fontWeight: 600, fontSize: { xs: '1.15rem', sm: '1.5rem' }, whiteSpace: 'nowrap' }}
          data-testid={`${testId}-value`}
        >
          {value}
        </Typography>
      </Box>
    </Paper>
  );
}

export const figureGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
  gap: 1.5,
} as const;
