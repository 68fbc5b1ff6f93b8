import { ContactInput, type ContactUpdateInput, type ContactView } from '@chatflow/contract';

/** What the contact modal edits (spec 1 §3 Contact): the extra info is a list of name/value pairs. */
export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: { id?: number; name: string; value: string }[];
}

export type ContactPayload = ContactUpdateInput;

export const NEW_CONTACT_VALUES: ContactFormValues = { name: '', number: '', email: '', extraInfo: [] };

export const toFormValues = (c: ContactView): ContactFormValues => ({
  name: c.name,
  number: c.number,
  email: c.email,
  extraInfo: c.extraInfo.map(({ id, name, value }) => ({ id, name, value })),
});

/**
 * A profile user under LGPD gets numbers with all but the last two digits masked: they cannot know,
 * so cannot change, the number; the modal shows it read-only and leaves it out of the save.
 */
export const isMaskedNumber = (number: string) => number.includes('*');

/** The contract's schema; without the number when it is masked (it would read as two digits). */
export const contactSchema = (maskedNumber: boolean) => (maskedNumber ? ContactInput.omit({ number: true }) : ContactInput);

/** Only the modal's fields go out: the number (digits only, as the contract parsed it) unless masked. */
export function toPayload(values: ContactFormValues, maskedNumber: boolean): ContactPayload {
  const extraInfo = values.extraInfo.map(({ id, name, value }) => (id ? { id, name, value } : { name, value }));
  const base = { name: values.name, email: values.email, extraInfo };
  return maskedNumber ? base : { ...base, number: values.number };
}
