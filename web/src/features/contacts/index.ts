export { ExtraInfoFields } from './components/ExtraInfoFields';
export type { ContactFormValues } from './contact-form';
export { isMaskedNumber } from './contact-form';
export { toFormValues } from './contact-form';
export { toPayload } from './contact-form';
export { useBlockContact } from './hooks/use-contact-mutations';
export { useSaveContact } from './hooks/use-contact-mutations';
export { contactsCache } from './hooks/use-contacts';
export { loadContactModal } from './load-contact-modal';
