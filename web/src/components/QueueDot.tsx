import { Box } from '@mui/material';

/** The queue's colour as a small dot before its name (selects, menus, lists). */
export function QueueDot({ color, size = 12 }: { color: string; size?: number }) {
  return (
    <Box
      component="span"
      sx={{ width: size, height: size, borderRadius: '50%', bgcolor: color, mr: 1, flexShrink: 0, display: 'inline-block' }}
    />
  );
}
