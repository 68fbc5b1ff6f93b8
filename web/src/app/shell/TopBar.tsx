import { isAdmin } from '@chatflow/contract';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { AppBar, Box, IconButton, Popover, Stack, Toolbar, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AnnouncementsPopover } from '../../features/announcements';
import { NotificationsPopover } from '../../features/tickets';
import { formatDate } from '../../lib/format';
import { useAppearance } from '../providers/AppearanceProvider';
import { useAuth } from '../providers/AuthProvider';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';
import { VolumeControl } from './VolumeControl';

/** Greeting with the company name; an admin also sees the due date (spec 1 §1). */
export function TopBar({ onToggleMenu, menuOpen }: { onToggleMenu(): void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <AppBar position="fixed" color="primary" elevation={0} sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleMenu}
          data-testid="menu-toggle"
          aria-label={t(menuOpen ? 'mainDrawer.appBar.closeMenu' : 'mainDrawer.appBar.openMenu')}
        >
          <MenuIcon />
        </IconButton>
        <Typography component="div" variant="body1" noWrap sx={{ flexGrow: 1, minWidth: 0 }} data-testid="greeting">
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            <Trans
              i18nKey="greeting"
              defaults="{{greeting}} <b>{{name}}</b>, {{welcome}} <b>{{company}}</b>!"
              values={{
                greeting: t('mainDrawer.appBar.greeting'),
                name: user.name,
                welcome: t('mainDrawer.appBar.welcome'),
                company: user.company.name,
              }}
              components={{ b: <b /> }}
            />
          </Box>
          {/* A phone keeps the name: the rest of the greeting and the controls would cut it to "Ol…". */}
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            {t('mainDrawer.appBar.greeting')} <b>{user.name}</b>
          </Box>
          {isAdmin(user) && (
            <Box component="span" sx={{ ml: 1, display: { xs: 'none', md: 'inline' } }} data-testid="due-date">
              ({t('mainDrawer.appBar.active')} {formatDate(user.company.dueDate)})
            </Box>
          )}
        </Typography>
        <AnnouncementsPopover />
        <NotificationsPopover />
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 1 }}>
          <PreferenceControls />
        </Box>
        <MorePreferences />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}

/** Volume, refresh, theme and language: in the bar on wide screens, behind one button on phones. */
function PreferenceControls() {
  const { t } = useTranslation();
  const { mode, toggleMode } = useAppearance();
  return (
    <>
      <VolumeControl />
      <Tooltip title={t('mainDrawer.appBar.refresh')}>
        <IconButton color="inherit" onClick={() => window.location.reload()} aria-label={t('mainDrawer.appBar.refresh')}>
          <RefreshIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('mainDrawer.appBar.theme')}>
        <IconButton
          color="inherit"
          onClick={toggleMode}
          aria-label={t('mainDrawer.appBar.theme')}
          data-testid="theme-toggle"
          data-mode={mode}
        >
          {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
      </Tooltip>
      <LanguageMenu />
    </>
  );
}

function MorePreferences() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box sx={{ display: { xs: 'flex', sm: 'none' } }}>
      <IconButton
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('mainDrawer.appBar.more')}
        data-testid="top-bar-more"
      >
        <MoreVertIcon />
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack direction="row" sx={{ p: 0.5, alignItems: 'center', color: 'text.primary' }}>
          <PreferenceControls />
        </Stack>
      </Popover>
    </Box>
  );
}
