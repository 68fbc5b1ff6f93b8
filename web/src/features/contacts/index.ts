export { loadContactModal } from './load-contact-modal';
export { ExtraInfoFields } from './components/ExtraInfoFields';
export { type ContactFormValues, isMaskedNumber, toFormValues, toPayload } from './contact-form';
export { useBlockContact, useSaveContact } from './hooks/use-contact-mutations';
export { contactsCache } from './hooks/use-contacts';
