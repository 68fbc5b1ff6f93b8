/** The schedule dialog as a lazy chunk, for the conversation header's schedule button. */
export const loadScheduleModal = () => import('./ScheduleModal');
