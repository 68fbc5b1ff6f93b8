export { useContactListOptions } from './hooks/use-contact-lists';
