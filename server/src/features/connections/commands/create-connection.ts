import { type ConnectionData, cloudApiIssues } from '@chatflow/contract';
import { ZodError } from 'zod';
import { type ConnectionRow, connections } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceConnections } from '../events';
import { findConnection } from '../queries';
import { connectionRowValues } from '../row-values';
import {
  asConnectionConflict,
  assertConnectionRules,
  assertPlanAllowsAnotherConnection,
  assertTokenMayUseNumber,
  connectionCount,
  generateConnectionToken,
  lockCompanyConnections,
  makeOnlyDefault,
  replaceConnectionQueues,
} from '../rules';

/** A provider this node cannot run is refused at the door rather than left waiting forever. */
export function assertProviderAvailable(ctx: RequestContext, provider: string) {
  if (provider === 'simulator' && !ctx.config.simulator) {
    throw new ZodError([{ code: 'custom', path: ['provider'], message: 'validation.invalid', input: provider }]);
  }
}

/** The dialog's field rules that depend on the channel, as a validation error (400 with fields). */
export function assertCloudApiFields(values: Parameters<typeof cloudApiIssues>[0], hasStoredToken: boolean) {
  const issues = cloudApiIssues(values, { hasStoredToken });
  if (issues.length > 0) {
    throw new ZodError(issues.map((i) => ({ code: 'custom' as const, path: [i.path], message: i.message, input: values[i.path] })));
  }
}

/**
 * The columns a channel owns: a Cloud API connection runs the `whatsappapi` provider and keeps its
 * Meta ids and token; a WhatsApp Web one has none of them.
 */
function channelValues(input: ConnectionData) {
  if (input.channel === 'whatsappapi') return { provider: 'whatsappapi' };
  return { facebookPageUserId: '', wabaId: '', tokenMeta: '' };
}

/**
 * Creates a whatsapp (WhatsApp Web) or whatsappapi (Cloud API) connection. The company's first connection is its default whatever was asked;
 * a new default takes the flag from the old one. A provider this build runs (the simulator) is
 * started after commit; a `beta` one stays DISCONNECTED until the WhatsApp Web provider exists.
 */
export async function createConnection(ctx: RequestContext, input: ConnectionData): Promise<ConnectionRow> {
  const companyId = ctx.companyId;
  if (input.channel === 'whatsapp') assertProviderAvailable(ctx, input.provider);
  assertCloudApiFields(input, false);
  // Before the transaction: a call to Meta holds no lock.
  if (input.channel === 'whatsappapi') await assertTokenMayUseNumber(ctx, input.facebookPageUserId, input.tokenMeta);
  let created: ConnectionRow;
  try {
    created = await ctx.transaction(async (tx) => {
      await lockCompanyConnections(tx, companyId);
      await assertPlanAllowsAnotherConnection(tx, companyId);
      const queueIds = await assertConnectionRules(tx, companyId, input, null);
      const isDefault = input.isDefault || (await connectionCount(tx, companyId)) === 0;
      const [row] = await tx
        .insert(connections)
        .values({
          ...connectionRowValues(input),
          ...channelValues(input),
          name: input.name,
          companyId,
          status: 'DISCONNECTED',
          isDefault,
          token: generateConnectionToken(),
        })
        .returning();
      await replaceConnectionQueues(tx, row.id, queueIds);
      const demoted = isDefault ? await makeOnlyDefault(tx, companyId, row.id) : [];
      await announceConnections(tx, ctx, [row, ...demoted]);
      if (ctx.channels.supports(row.provider)) tx.afterCommit(() => ctx.channels.start(row.id));
      return row;
    });
  } catch (err) {
    throw asConnectionConflict(err);
  }
  // Re-read: starting the provider has moved its status on (the simulator is CONNECTED by now).
  return findConnection(ctx.db, companyId, created.id);
}
