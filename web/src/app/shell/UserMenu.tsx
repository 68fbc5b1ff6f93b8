import AccountCircle from '@mui/icons-material/AccountCircle';
import { Avatar, IconButton, Menu, MenuItem } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrowserNotificationsSwitch } from '../../features/tickets';
import { useAuth } from '../providers/AuthProvider';

const ProfileModal = lazy(() => import('../../features/users/ProfileModal'));

export function UserMenu() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label="user-menu" data-testid="user-menu">
        {user?.profileImage ? <Avatar src={user.profileImage} sx={{ width: 32, height: 32 }} /> : <AccountCircle />}
      </IconButton>
      <Menu open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setProfileOpen(true);
          }}
        >
          {t('mainDrawer.appBar.user.profile')}
        </MenuItem>
        <BrowserNotificationsSwitch />
        <MenuItem
          data-testid="logout"
          onClick={async () => {
            setAnchor(null);
            await logout();
            navigate('/login');
          }}
        >
          {t('mainDrawer.appBar.user.logout')}
        </MenuItem>
      </Menu>
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileModal open onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
