import type { CloudChangeValue, CloudMessage } from './webhook';

type CloudContact = NonNullable<CloudChangeValue['contacts']>[number];

/** Who wrote a Cloud API message: the number the contact is kept by, its name, and its business-scoped id beside a known number. */
export interface CloudSender {
  /** The phone number (wa_id) when Meta gives it, else the business-scoped user id (BSUID, "BR.1502576394655843"). */
  from: string;
  name: string;
  /** The BSUID of a sender whose phone number came too: a contact kept under that BSUID becomes the number's. */
  alias: string | null;
}

/**
 * Meta names a sender by phone number (`from`, `contacts[].wa_id`) and by a business-scoped user id
 * (`from_user_id`, `contacts[].user_id`); a user with a username may come with the id only. Such a
 * sender is kept under the id until a message brings the number with it. Null when neither is given.
 */
export function senderOf(message: CloudMessage, contacts: CloudContact[]): CloudSender | null {
  const bsuid = message.from_user_id ?? null;
  const contact =
    contacts.find((c) => (message.from && c.wa_id === message.from) || (bsuid && c.user_id === bsuid)) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  const phone = message.from ?? contact?.wa_id ?? null;
  const id = bsuid ?? contact?.user_id ?? null;
  const from = phone ?? id;
  if (!from) return null;
  return { from, name: contact?.profile?.name || from, alias: phone && id ? id : null };
}
