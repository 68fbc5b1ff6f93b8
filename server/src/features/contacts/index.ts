export { presentContact } from './presenter';
export { contactView } from './queries';
export { eventViewer } from './lgpd';
