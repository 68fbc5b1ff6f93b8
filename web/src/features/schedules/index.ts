export { loadScheduleModal } from './load-schedule-modal';
