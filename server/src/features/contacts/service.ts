/**
 * What other features may use of contacts (ARCHITECTURE: features talk through exported service
 * functions). The inbound pipeline upserts contacts; tickets and messages present them with the
 * same LGPD rule.
 */
export { announceContact, announceContactDeleted } from './events';
export { companyHidesNumbers, contactViewerFor, eventViewer } from './lgpd';
export { type ContactRelations, type ContactViewer, presentContact, presentContactRef } from './presenter';
export { contactView, contactViews, findCompanyContact, tagsOfContact } from './queries';
export { normalizeContactNumber, type UpsertContactInput, upsertContact } from './upsert';
export { type UpsertContactsInput, upsertContacts } from './upsert-many';
export { walletUsersOf } from './wallets';
