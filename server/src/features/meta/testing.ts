// Meta channel helpers for tests: connections as Meta's accounts, webhook deliveries in Meta's shape.
import { randomBytes } from 'node:crypto';
import { type ConnectionRow, connections, type UserRow } from '../../db/schema';
import { signedHeaders } from '../../test/fake-graph';
import type { TestContext } from '../../test/harness';

const unique = () => randomBytes(4).toString('hex');
let sequence = 0;
/** A fresh Meta account id (phone number id, page id), never shared between tests of a file. */
export const accountId = () => `10${Date.now() % 1e9}${String(sequence++).padStart(4, '0')}`;

/** A Meta connection of the admin's company, as the connection dialog or POST /facebook stores it, started. */
export async function metaConnection(
  t: TestContext,
  admin: UserRow,
  channel: 'whatsappapi' | 'facebook' | 'instagram' = 'whatsappapi',
  overrides: Partial<typeof connections.$inferInsert> = {},
): Promise<ConnectionRow> {
  const [row] = await t.database.db
    .insert(connections)
    .values({
      companyId: admin.companyId,
      name: `${channel} ${unique()}`,
      channel,
      provider: channel,
      token: randomBytes(15).toString('hex'),
      facebookPageUserId: accountId(),
      tokenMeta: `EAAG${unique()}`,
      ...overrides,
    })
    .returning();
  await t.channels.start(row.id);
  return row;
}

/** POSTs a webhook delivery signed with the test app secret (or the given headers). */
export function postWebhook(t: TestContext, body: unknown, headers?: Record<string, string>) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.inject({ method: 'POST', url: '/webhook', payload, headers: headers ?? signedHeaders(payload) });
}

/** A Cloud API `messages` change for one phone number id, in Meta's documented envelope. */
export function cloudDelivery(phoneNumberId: string, value: { messages?: unknown[]; statuses?: unknown[]; contacts?: unknown[] }) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA_ID',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** One inbound Cloud API message from `from` (with its profile name), of any documented type. */
export function cloudMessage(phoneNumberId: string, from: string, name: string, message: Record<string, unknown>) {
  return cloudDelivery(phoneNumberId, {
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, id: `wamid.IN${unique()}${unique()}`, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
  });
}

/** A status update (sent, delivered, read, failed) of a message the product sent. */
export function cloudStatus(phoneNumberId: string, externalId: string, status: string, recipient: string) {
  return cloudDelivery(phoneNumberId, {
    statuses: [{ id: externalId, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient }],
  });
}

/** A Messenger (`page`) or Instagram (`instagram`) delivery with messaging events for one account. */
export function messagingDelivery(object: 'page' | 'instagram', account: string, events: unknown[]) {
  return { object, entry: [{ id: account, time: Date.now(), messaging: events }] };
}
