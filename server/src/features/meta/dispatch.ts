import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { CloudApiProvider } from '../../channels/cloud-api/provider';
import { CloudChangeValue } from '../../channels/cloud-api/webhook';
import { MetaProvider } from '../../channels/meta/provider';
import { MessagingEvent } from '../../channels/meta/webhook';
import type { ChannelRegistry } from '../../channels/types';
import type { Db } from '../../db/client';
import { batchedReads, perDatabase, preparedStatement } from '../../db/prepared';
import { connections } from '../../db/schema';
import { applyTemplateStatus } from '../message-templates';

/** The envelope of every Meta webhook delivery; what is inside an entry depends on `object`. */
const Delivery = z.looseObject({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      id: z.string(),
      changes: z.array(z.looseObject({ field: z.string(), value: z.unknown() })).optional(),
      messaging: z.array(z.unknown()).optional(),
    }),
  ),
});

const CHANNEL_OF = { whatsapp_business_account: 'whatsappapi', page: 'facebook', instagram: 'instagram' } as const;
type MetaChannel = (typeof CHANNEL_OF)[keyof typeof CHANNEL_OF];

export interface DispatchDeps {
  db: Db;
  channels: ChannelRegistry;
  log: FastifyBaseLogger;
}

/**
 * The connection a webhook names: the phone number id (Cloud API), page id or Instagram account
 * id, unique per channel (connections_meta_account_unique). That id alone picks the company: a
 * delivery for company A's number can never reach company B. Every delivery asks, so deliveries
 * arriving together share one read.
 */
const accountsStatement = preparedStatement((db) =>
  db
    .select({ id: connections.id, channel: connections.channel, accountId: connections.facebookPageUserId })
    .from(connections)
    .where(
      sql`(${connections.channel}, ${connections.facebookPageUserId}) in
        (select * from unnest(${sql.placeholder('channels')}::text[], ${sql.placeholder('accountIds')}::text[]))`,
    )
    .prepare('meta_connection_ids'),
);

const connectionIds = perDatabase((db) =>
  batchedReads<{ channel: MetaChannel; accountId: string }, number>(async (keys) => {
    const rows = await accountsStatement(db).execute({ channels: keys.map((k) => k.channel), accountIds: keys.map((k) => k.accountId) });
    const byAccount = new Map(rows.map((r) => [`${r.channel}\u0000${r.accountId}`, r.id]));
    return keys.map((k) => byAccount.get(`${k.channel}\u0000${k.accountId}`));
  }),
);

async function connectionOf(db: Db, channel: MetaChannel, accountId: string): Promise<number | null> {
  return (await connectionIds(db)({ channel, accountId })) ?? null;
}

/**
 * The connection of each account seen, remembered: every delivery names one, and the read was a
 * round trip per message (bench/results/channels.md). A remembered connection is trusted only while
 * its live provider serves that account; a connection deleted, or given another account id (which
 * restarts its provider), is read again.
 */
const rememberedAccounts = perDatabase(() => new Map<string, number>());

const servesAccount = (provider: unknown, accountId: string) =>
  (provider instanceof CloudApiProvider || provider instanceof MetaProvider) && provider.servesAccount(accountId);

/** The live provider of that account's connection, or null (unknown account: logged, acknowledged). */
async function providerOf(deps: DispatchDeps, channel: MetaChannel, accountId: string) {
  const remembered = rememberedAccounts(deps.db);
  const key = `${channel}\u0000${accountId}`;
  const knownId = remembered.get(key);
  if (knownId !== undefined) {
    const provider = await deps.channels.providerFor(knownId).catch(() => null);
    if (servesAccount(provider, accountId)) return provider;
    remembered.delete(key);
  }
  const id = await connectionOf(deps.db, channel, accountId);
  if (id === null) {
    deps.log.warn({ channel, accountId }, 'meta webhook: no connection for this account; acknowledged and dropped');
    return null;
  }
  const provider = await deps.channels.providerFor(id);
  if (servesAccount(provider, accountId)) remembered.set(key, id);
  return provider;
}

/**
 * Hands a verified webhook delivery to the providers it names. Malformed parts are logged and
 * skipped: Meta retries anything not answered 200, and a retry of a malformed body is malformed
 * again. Failures of our own (database) throw, so the route answers 500 and Meta delivers again;
 * the pipeline drops what it already stored by message id.
 */
export async function dispatchWebhook(deps: DispatchDeps, body: unknown): Promise<void> {
  const parsed = Delivery.safeParse(body);
  if (!parsed.success) {
    deps.log.warn({ issues: parsed.error.issues.slice(0, 5) }, 'meta webhook: malformed delivery acknowledged');
    return;
  }
  const channel = CHANNEL_OF[parsed.data.object as keyof typeof CHANNEL_OF];
  if (!channel) {
    deps.log.info({ object: parsed.data.object }, 'meta webhook: object not handled');
    return;
  }
  for (const entry of parsed.data.entry) {
    if (channel === 'whatsappapi') await cloudEntry(deps, entry.id, entry.changes ?? []);
    else await messagingEntry(deps, channel, entry.id, entry.messaging ?? []);
  }
}

/** A WhatsApp Business Account entry (its id is the account's): messages and statuses, template status changes. */
async function cloudEntry(deps: DispatchDeps, wabaId: string, changes: { field: string; value: unknown }[]) {
  for (const change of changes) {
    if (change.field === 'message_template_status_update') await applyTemplateStatus(deps.db, deps.log, wabaId, change.value);
    if (change.field !== 'messages') continue;
    const value = CloudChangeValue.safeParse(change.value);
    if (!value.success) {
      deps.log.warn({ issues: value.error.issues.slice(0, 5) }, 'meta webhook: malformed cloud api change skipped');
      continue;
    }
    const provider = await providerOf(deps, 'whatsappapi', value.data.metadata.phone_number_id);
    if (provider instanceof CloudApiProvider) await provider.receive(value.data);
  }
}

async function messagingEntry(deps: DispatchDeps, channel: MetaChannel, accountId: string, events: unknown[]) {
  if (events.length === 0) return;
  const provider = await providerOf(deps, channel, accountId);
  if (!(provider instanceof MetaProvider)) return;
  for (const raw of events) {
    const event = MessagingEvent.safeParse(raw);
    if (!event.success) {
      deps.log.warn({ issues: event.error.issues.slice(0, 5) }, 'meta webhook: malformed messaging event skipped');
      continue;
    }
    await provider.receive(event.data);
  }
}
