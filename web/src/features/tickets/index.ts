export { NotificationsPopover } from './notifications/NotificationsPopover';
export { BrowserNotificationsSwitch } from './notifications/BrowserNotificationsSwitch';
