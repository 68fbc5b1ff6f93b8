import type { MenuEntry } from '@chatflow/contract';
import { Badge, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useHasUnreadChats } from '../../features/chats';
import { useConnectionsAttention } from '../../features/connections';
import { useAuth } from '../providers/AuthProvider';
import { MENU_ICONS } from './menu-items';
import { useVisibleMenu } from './use-visible-menu';

const GROUP_TITLES: Partial<Record<MenuEntry['group'], string>> = {
  management: 'mainDrawer.listItems.management',
  flowbuilder: 'mainDrawer.listItems.flowbuilder',
  admin: 'mainDrawer.listItems.administration',
};
const GROUP_ORDER: MenuEntry['group'][] = ['management', 'basic', 'plan', 'flowbuilder', 'super', 'admin'];

/** The side menu: every entry passes through the contract's visibility rule. */
export function DrawerMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const visible = useVisibleMenu();
  const connectionsNeedAttention = useConnectionsAttention();
  const unreadChats = useHasUnreadChats();
  if (!user) return null;

  return (
    <nav aria-label="menu">
      {GROUP_ORDER.map((group) => {
        const entries = visible.filter((e) => e.group === group || (group === 'admin' && e.group === 'super'));
        if (group === 'super' || entries.length === 0) return null;
        const title = GROUP_TITLES[group];
        return (
          <List key={group} dense subheader={title && !collapsed ? <ListSubheader disableSticky>{t(title)}</ListSubheader> : undefined}>
            {entries.map((entry) => {
              const label = t(`mainDrawer.listItems.${entry.key}`);
              return (
                // Each link in its own <li>: a <ul> may only hold list items (axe 'list').
                <li key={entry.key} style={{ listStyle: 'none' }}>
                  <Tooltip title={collapsed ? label : ''} placement="right">
                    <ListItemButton
                      component={NavLink}
                      to={entry.path}
                      end={entry.path === '/'}
                      onClick={onNavigate}
                      data-menu={entry.key}
                      sx={{ '&.active': { bgcolor: 'action.selected' } }}
                    >
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        {entry.key === 'connections' ? (
                          // Spec 1 §2.4: a badge while any connection needs attention.
                          <Badge
                            color="error"
                            variant="dot"
                            invisible={!connectionsNeedAttention}
                            data-testid="connections-badge"
                            data-visible={connectionsNeedAttention}
                          >
                            {MENU_ICONS[entry.key]}
                          </Badge>
                        ) : entry.key === 'chats' ? (
                          // Spec 1 §2.4: a dot while the user has unread internal messages.
                          <Badge color="error" variant="dot" invisible={!unreadChats} data-testid="chats-badge" data-visible={unreadChats}>
                            {MENU_ICONS[entry.key]}
                          </Badge>
                        ) : (
                          MENU_ICONS[entry.key]
                        )}
                      </ListItemIcon>
                      {!collapsed && <ListItemText primary={label} />}
                    </ListItemButton>
                  </Tooltip>
                </li>
              );
            })}
          </List>
        );
      })}
    </nav>
  );
}
