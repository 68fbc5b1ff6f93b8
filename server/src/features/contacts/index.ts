export { contactImportRoutes } from './import-routes';
export { contactRoutes } from './routes';
export { contactImportJob } from './import/job';
export { eventViewer } from './lgpd';
export { contactView } from './queries';
export {
  announceContact,
  contactViewerFor,
  findCompanyContact,
  normalizeContactNumber,
  presentContact,
  presentContactRef,
  tagsOfContact,
  upsertContact,
} from './service';
export type { ContactViewer } from './service';
