import { FormControlLabel, MenuItem, Switch } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { browserNotificationsSupported, readBrowserNotificationsPref, writeBrowserNotificationsPref } from './browser-notifications';

/**
 * "Notificações do navegador" in the user menu: turning it on asks the browser's permission (once:
 * the browser remembers the answer); a refusal leaves the switch off and says how to undo it.
 */
export function BrowserNotificationsSwitch() {
  const { t } = useTranslation();
  const supported = browserNotificationsSupported();
  const [on, setOn] = useState(() => supported && readBrowserNotificationsPref() && Notification.permission === 'granted');

  const toggle = async () => {
    if (on) {
      writeBrowserNotificationsPref(false);
      return setOn(false);
    }
    const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission !== 'granted') {
      writeBrowserNotificationsPref(false);
      notify(t('tickets.browserNotifications.denied'), 'warning');
      return setOn(false);
    }
    writeBrowserNotificationsPref(true);
    setOn(true);
  };

  return (
    <MenuItem onClick={() => void toggle()} disabled={!supported} data-testid="browser-notifications">
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={on}
            tabIndex={-1}
            slotProps={{ input: { 'aria-label': t('tickets.browserNotifications.setting') } }}
          />
        }
        label={t('tickets.browserNotifications.setting')}
        sx={{ m: 0, pointerEvents: 'none' }}
      />
    </MenuItem>
  );
}
