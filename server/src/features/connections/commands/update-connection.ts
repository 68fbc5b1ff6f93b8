import type { ConnectionChanges, ConnectionView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { type ConnectionRow, connections } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { announceConnections } from '../events';
import { presentConnection } from '../presenter';
import { findConnection, queuesOfConnections } from '../queries';
import { connectionRowValues } from '../row-values';
import {
  asConnectionConflict,
  assertConnectionRules,
  assertTokenMayUseNumber,
  lockCompanyConnections,
  makeOnlyDefault,
  replaceConnectionQueues,
} from '../rules';
import { assertCloudApiFields, assertProviderAvailable } from './create-connection';

/** The stored values the cross-field rules read, so a partial update is judged as a whole. */
const ruleValuesOf = (c: ConnectionView) => ({
  timeSendQueue: c.timeSendQueue,
  sendIdQueue: c.sendIdQueue,
  collectiveVacationMessage: c.collectiveVacationMessage,
  ratingMessage: c.ratingMessage,
  expiresTicketNPS: c.expiresTicketNPS,
  queueIdImportMessages: c.queueIdImportMessages,
});

/**
 * The sent fields this connection's channel takes: the provider is WhatsApp Web's choice only, the
 * Meta fields are the Cloud API's only, and an empty token keeps the stored one (it is write-only).
 */
function channelChanges(current: ConnectionRow, changes: ConnectionChanges): ConnectionChanges {
  const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ConnectionChanges;
  if (current.channel === 'whatsappapi') {
    const { provider: _provider, ...rest } = sent;
    if (!rest.tokenMeta) delete rest.tokenMeta;
    return rest;
  }
  const { facebookPageUserId: _id, wabaId: _waba, tokenMeta: _token, ...rest } = sent;
  return rest;
}

/**
 * Applies the sent fields. A company with connections always has exactly one default: making this
 * one default takes the flag from the other, and the default cannot simply be switched off (mark
 * another one default instead: ERR_NO_OTHER_WHATSAPP). Changing the provider restarts the session.
 */
export async function updateConnection(ctx: RequestContext, id: number, changes: ConnectionChanges): Promise<ConnectionRow> {
  const companyId = ctx.companyId;
  let providerChanged = false;
  try {
    await ctx.transaction(async (tx) => {
      await lockCompanyConnections(tx, companyId);
      const current = await findConnection(tx, companyId, id);
      const currentQueueIds = (await queuesOfConnections(tx, [id])).get(id)?.map((q) => q.id) ?? [];
      const { queueIds: sentQueueIds, ...fields } = channelChanges(current, changes);
      if (fields.provider) assertProviderAvailable(ctx, fields.provider);
      assertCloudApiFields(
        {
          channel: current.channel,
          facebookPageUserId: fields.facebookPageUserId ?? current.facebookPageUserId,
          tokenMeta: fields.tokenMeta,
        },
        current.tokenMeta !== '',
      );
      const numberId = fields.facebookPageUserId ?? current.facebookPageUserId;
      const tokenMeta = fields.tokenMeta ?? current.tokenMeta;
      // Under the company's lock, so the pair Meta is asked about is the pair stored (no other save can mix in).
      if (current.channel === 'whatsappapi' && (numberId !== current.facebookPageUserId || tokenMeta !== current.tokenMeta))
        await assertTokenMayUseNumber(ctx, numberId, tokenMeta);
      if (current.isDefault && fields.isDefault === false) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
      const stored = presentConnection(current, []);
      const queueIds = await assertConnectionRules(
        tx,
        companyId,
        {
          ...ruleValuesOf(stored),
          ...fields,
          // Dates are checked when sent: a stored date may have aged past its window since.
          importOldMessages: fields.importOldMessages,
          importRecentMessages: fields.importRecentMessages ?? (fields.importOldMessages ? stored.importRecentMessages : undefined),
          collectiveVacationStart:
            fields.collectiveVacationStart ?? (fields.collectiveVacationMessage ? stored.collectiveVacationStart : undefined),
          collectiveVacationEnd:
            fields.collectiveVacationEnd ?? (fields.collectiveVacationMessage ? stored.collectiveVacationEnd : undefined),
          name: fields.name ?? current.name,
          greetingMessage: fields.greetingMessage ?? current.greetingMessage,
          queueIds: sentQueueIds ?? currentQueueIds,
        },
        id,
      );
      // A Cloud API connection's provider holds its phone number id and token: new ones, a new start.
      providerChanged =
        (fields.provider !== undefined && fields.provider !== current.provider) ||
        (fields.facebookPageUserId !== undefined && fields.facebookPageUserId !== current.facebookPageUserId) ||
        (fields.tokenMeta !== undefined && fields.tokenMeta !== current.tokenMeta);
      const [row] = await tx
        .update(connections)
        .set({
          ...connectionRowValues(fields),
          ...(providerChanged && current.channel === 'whatsapp' ? { status: 'DISCONNECTED', qrcode: '' } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(connections.companyId, companyId), eq(connections.id, id)))
        .returning();
      if (sentQueueIds) await replaceConnectionQueues(tx, id, queueIds);
      const demoted = row.isDefault && !current.isDefault ? await makeOnlyDefault(tx, companyId, id) : [];
      await announceConnections(tx, ctx, [row, ...demoted]);
      if (providerChanged) {
        tx.afterCommit(async () => {
          await ctx.channels.stop(id);
          if (ctx.channels.supports(row.provider)) await ctx.channels.start(id);
        });
      }
    });
  } catch (err) {
    throw asConnectionConflict(err);
  }
  return findConnection(ctx.db, companyId, id);
}
