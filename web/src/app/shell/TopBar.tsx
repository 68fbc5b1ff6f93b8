import { isAdmin } from '@chatflow/contract';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
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
  const { mode, toggleMode } = useAppearance();
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
        <Typography component="div" variant="body1" noWrap sx={{ flexGrow: 1 }} data-testid="greeting">
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
          {isAdmin(user) && (
            <Box component="span" sx={{ ml: 1, display: { xs: 'none', md: 'inline' } }} data-testid="due-date">
              ({t('mainDrawer.appBar.active')} {formatDate(user.company.dueDate)})
            </Box>
          )}
        </Typography>
        <AnnouncementsPopover />
        <NotificationsPopover />
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
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
