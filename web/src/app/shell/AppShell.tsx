import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import { Box, Divider, Drawer, IconButton, Toolbar, useMediaQuery } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { KeyboardLayer } from '../../features/command-bar';
import { useAppearance } from '../providers/AppearanceProvider';
import { useAuth } from '../providers/AuthProvider';
import { DrawerMenu } from './DrawerMenu';
import { RealtimeStatusBar } from './RealtimeStatusBar';
import { TopBar } from './TopBar';
import { VersionFooter } from './VersionFooter';

export const DRAWER_WIDTH = 240;
const COLLAPSED_WIDTH = 60;
/** Screens drawn on a canvas (the flow editor) need the whole width: the drawer folds to icons when one opens. */
const CANVAS_SCREENS = /^\/flowbuilder\/[^/]+$/;

/**
 * The private layout: a 240 px drawer, open by default only on screens wider than 600 px (where it
 * collapses to icons); under 600 px a temporary drawer over the page.
 */
export function AppShell() {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width:600px)');
  const { user } = useAuth();
  const { logo, appName } = useAppearance();
  const [open, setOpen] = useState(() => wide && user?.defaultMenu !== 'closed');
  const [mobileOpen, setMobileOpen] = useState(false);
  const width = open ? DRAWER_WIDTH : COLLAPSED_WIDTH;
  const { pathname } = useLocation();
  useEffect(() => {
    if (CANVAS_SCREENS.test(pathname)) setOpen(false);
  }, [pathname]);

  // An <aside> landmark: the logo and the version are page content too, and axe wants all of it in landmarks.
  const content = (collapsed: boolean, onNavigate?: () => void) => (
    <Box component="aside" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar variant="dense" sx={{ justifyContent: 'space-between', px: 1 }}>
        {!collapsed && <Box component="img" src={logo} alt={appName} sx={{ height: 32, maxWidth: 160, objectFit: 'contain' }} />}
        {wide && !collapsed && (
          <IconButton onClick={() => setOpen(false)} aria-label={t('mainDrawer.appBar.closeMenu')}>
            <ChevronLeftIcon />
          </IconButton>
        )}
      </Toolbar>
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <DrawerMenu collapsed={collapsed} onNavigate={onNavigate} />
      </Box>
      {!collapsed && (
        <>
          <Divider />
          <VersionFooter />
        </>
      )}
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar menuOpen={wide ? open : mobileOpen} onToggleMenu={() => (wide ? setOpen((o) => !o) : setMobileOpen((o) => !o))} />
      {wide ? (
        <Drawer
          variant="permanent"
          data-testid="drawer"
          data-open={open}
          sx={{
            width,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width, boxSizing: 'border-box', transition: 'width 150ms', overflowX: 'hidden' },
          }}
        >
          <Toolbar variant="dense" />
          {content(!open)}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          data-testid="drawer"
          data-open={mobileOpen}
          ModalProps={{ keepMounted: true }}
          // Above the top bar (which sits at drawer + 1 over the permanent drawer), so the phone's menu shows its logo row.
          sx={{ zIndex: (th) => th.zIndex.drawer + 2, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {content(false, () => setMobileOpen(false))}
        </Drawer>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar variant="dense" />
        <RealtimeStatusBar />
        <Box sx={{ flexGrow: 1, p: { xs: 1, sm: 2 } }}>
          <Outlet />
        </Box>
      </Box>
      <KeyboardLayer />
    </Box>
  );
}
