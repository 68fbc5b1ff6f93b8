export { NotificationsPopover } from './notifications/NotificationsPopover';
