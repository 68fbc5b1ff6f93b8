import type { ContactPhoneImportInput, ContactPhoneImportResult } from '@chatflow/contract';
import { and, asc, eq } from 'drizzle-orm';
import { channelPhoneContacts, connections } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { upsertContact } from '../upsert';

/**
 * POST /contacts/import and /contacts/import/chats: the people a WhatsApp Web connection's phone
 * told of (its address book, or its chats; kept by the provider in channel_phone_contacts) become
 * the company's contacts. A number the company has already is left as it is; another company's
 * connection is not found.
 */
export async function importPhoneContacts(
  ctx: RequestContext,
  input: ContactPhoneImportInput,
  source: 'saved' | 'chat',
): Promise<ContactPhoneImportResult> {
  const [connection] = await ctx.db
    .select({ id: connections.id, channel: connections.channel })
    .from(connections)
    .where(and(eq(connections.id, input.whatsappId), eq(connections.companyId, ctx.companyId)));
  if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
  const people = await ctx.db
    .select({ number: channelPhoneContacts.number, name: channelPhoneContacts.name })
    .from(channelPhoneContacts)
    .where(and(eq(channelPhoneContacts.connectionId, connection.id), eq(channelPhoneContacts[source], true)))
    .orderBy(asc(channelPhoneContacts.number));
  let created = 0;
  for (const person of people) {
    const result = await upsertContact(
      ctx.db,
      { companyId: ctx.companyId, channel: connection.channel, number: person.number, name: person.name, connectionId: connection.id },
      { realtime: ctx.realtime },
    );
    if (result.created) created++;
  }
  return { created, existing: people.length - created };
}
