export { AnnouncementsPopover } from './AnnouncementsPopover';
