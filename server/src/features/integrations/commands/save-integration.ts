import { randomBytes } from 'node:crypto';
import type { QueueIntegrationData, QueueIntegrationSecretView, QueueIntegrationView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import { connections, queueIntegrations, queueOptions, queues } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceIntegration, announceIntegrationDeleted } from '../events';
import { presentQueueIntegration } from '../presenter';
import { findIntegration } from '../queries';

const newSecret = () => randomBytes(32).toString('hex');

/** POST /queueIntegration: the record and its signing secret (made here, never chosen by the caller). */
export async function createIntegration(ctx: RequestContext, input: QueueIntegrationData): Promise<QueueIntegrationView> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx
      .insert(queueIntegrations)
      .values({ ...input, companyId: ctx.companyId, signingSecret: newSecret() })
      .returning();
    const view = presentQueueIntegration(row);
    announceIntegration(tx, ctx.realtime, ctx.companyId, 'create', view);
    return view;
  });
}

/**
 * PUT /queueIntegration/{id}: the dialog sends the whole record; the signing secret stays, and so does the
 * Dialogflow key when the dialog leaves it empty (it never has it). A Dialogflow integration keeps needing one.
 */
export async function updateIntegration(ctx: RequestContext, id: number, input: QueueIntegrationData): Promise<QueueIntegrationView> {
  return ctx.transaction(async (tx) => {
    const stored = await findIntegration(tx, ctx.companyId, id);
    const jsonContent = input.jsonContent || stored.jsonContent;
    if (input.type === 'dialogflow' && !jsonContent) {
      throw new ZodError([{ code: 'custom', path: ['jsonContent'], message: 'validation.required', input: '' }]);
    }
    const [row] = await tx
      .update(queueIntegrations)
      .set({ ...input, jsonContent, updatedAt: new Date() })
      .where(and(eq(queueIntegrations.companyId, ctx.companyId), eq(queueIntegrations.id, id)))
      .returning();
    const view = presentQueueIntegration(row);
    announceIntegration(tx, ctx.realtime, ctx.companyId, 'update', view);
    return view;
  });
}

/**
 * POST /queueIntegration/{id}/signingSecret: a new signing secret replaces the old one (deliveries are
 * signed with it from now on) and is answered this once: no read ever returns it.
 */
export async function renewSigningSecret(ctx: RequestContext, id: number): Promise<QueueIntegrationSecretView> {
  return ctx.transaction(async (tx) => {
    await findIntegration(tx, ctx.companyId, id);
    const signingSecret = newSecret();
    await tx
      .update(queueIntegrations)
      .set({ signingSecret, updatedAt: new Date() })
      .where(and(eq(queueIntegrations.companyId, ctx.companyId), eq(queueIntegrations.id, id)));
    return { signingSecret };
  });
}

/**
 * DELETE /queueIntegration/{id}: queues, connections and chatbot options that pointed at it lose the link; a ticket
 * it was serving is handed to its queue at its next message (the bot turn finds no integration).
 */
export async function deleteIntegration(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    await findIntegration(tx, ctx.companyId, id);
    await tx
      .update(queues)
      .set({ integrationId: null })
      .where(and(eq(queues.companyId, ctx.companyId), eq(queues.integrationId, id)));
    await tx
      .update(connections)
      .set({ integrationId: null })
      .where(and(eq(connections.companyId, ctx.companyId), eq(connections.integrationId, id)));
    // Chatbot options that ran it lose their target: the chatbot stops offering them.
    await tx
      .update(queueOptions)
      .set({ optIntegrationId: null })
      .where(and(eq(queueOptions.companyId, ctx.companyId), eq(queueOptions.optIntegrationId, id)));
    await tx.delete(queueIntegrations).where(and(eq(queueIntegrations.companyId, ctx.companyId), eq(queueIntegrations.id, id)));
    announceIntegrationDeleted(tx, ctx.realtime, ctx.companyId, id);
  });
}
