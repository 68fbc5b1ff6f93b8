import { Box, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Placeholder rows of the ticket list, the screen most sessions open on. */
const LIST_ROWS = 8;
/** The side menu's width at ≥600 px (AppShell's DRAWER_WIDTH). */
const DRAWER_WIDTH = 240;

/**
 * What the app shows while the session is read on a reload: its own shape (top bar, side menu, the list
 * with placeholder rows) instead of a bare spinner, so the screen is there at once and only its texts
 * are missing. Plain boxes: nothing here needs the session.
 */
export function AppSkeleton() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100vh' }}
      data-testid="app-skeleton"
      aria-busy="true"
      aria-label={t('common.loading')}
    >
      <Box sx={{ height: 48, flexShrink: 0, bgcolor: 'primary.main', display: 'flex', alignItems: 'center', gap: 2, px: 2 }}>
        <Skeleton variant="circular" width={24} height={24} sx={{ bgcolor: 'rgba(255,255,255,0.25)' }} />
        <Skeleton width={140} sx={{ bgcolor: 'rgba(255,255,255,0.25)' }} />
      </Box>
      <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
        <Box
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', p: 2, display: { xs: 'none', sm: 'block' } }}
        >
          {Array.from({ length: 9 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
            <Box key={i} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
              <Skeleton variant="rounded" width={22} height={22} />
              <Skeleton width="60%" />
            </Box>
          ))}
        </Box>
        <Box sx={{ width: { xs: '100%', md: 380 }, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
          <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Skeleton variant="rounded" height={36} />
          </Box>
          {Array.from({ length: LIST_ROWS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
            <Box key={i} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', height: 76, px: 1.5 }}>
              <Skeleton variant="circular" width={40} height={40} />
              <Box sx={{ flexGrow: 1 }}>
                <Skeleton width="55%" />
                <Skeleton width="85%" />
              </Box>
            </Box>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1, display: { xs: 'none', md: 'block' }, bgcolor: 'action.hover' }} />
      </Box>
    </Box>
  );
}
