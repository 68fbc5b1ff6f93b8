import { BotRefused } from './outcome';
import { type BotAnswer, type BotTurnContext, type BotTurnSpec, runBotTurn } from './bot-turn';
import { deliverWebhook } from '../webhook/deliver';
import { typebotTurn } from '../typebot/typebot-turn';
import { dialogflowTurn } from '../dialogflow/detect-intent';
import { integrationOf } from '../queries';
import { flowbuilderStarter } from './flowbuilder-hook';
import type { QueueIntegrationRow } from '../../../db/schema';
import { outboundPolicyOf } from '../../../http/outbound/policy';

async function answerWith(integration: QueueIntegrationRow, ctx: BotTurnContext): Promise<BotAnswer> {
  const { deps, ticket, contact, message } = ctx;
  const outbound = outboundPolicyOf(deps.config);
  switch (integration.type) {
    case 'webhook':
    case 'n8n':
      return {
        outcome: await deliverWebhook(
          { url: integration.urlN8N, signingSecret: integration.signingSecret, outbound },
          {
            event: 'message',
            deliveryId: ctx.deliveryId,
            integration: { id: integration.id, name: integration.name, type: integration.type },
            companyId: ticket.companyId,
            ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId },
            contact: { id: contact.id, name: contact.name, number: contact.number },
            message: {
              id: message.id,
              body: message.body,
              mediaType: message.mediaType,
              mediaUrl: message.mediaUrl,
              createdAt: message.createdAt.toISOString(),
            },
          },
        ),
      };
    case 'typebot': {
      const session =
        ctx.state?.sessionId && ctx.state.sessionUsedAt ? { sessionId: ctx.state.sessionId, usedAt: ctx.state.sessionUsedAt } : null;
      const result = await typebotTurn(integration, session, {
        text: message.body,
        contact: { name: contact.name, number: contact.number },
        now: deps.clock.now(),
        outbound,
      });
      return { outcome: result.outcome, session: result.session, delayMs: integration.typebotDelayMessage };
    }
    case 'dialogflow':
      return {
        outcome: await dialogflowTurn(
          deps.config.integrations.dialogflowApiUrl,
          integration,
          `ticket-${ticket.uuid}`,
          message.body,
          outbound,
        ),
      };
    case 'flowbuilder': {
      const start = flowbuilderStarter();
      if (!start) throw new BotRefused('no flow runtime registered for flowbuilder integrations');
      await start(deps, { integration, ticket, messageId: message.id });
      return { outcome: { replies: [], handoff: false } };
    }
  }
}

/** The ticket's queue integration answers (tickets.integrationId); a deleted one fails over to the queue. */
export const integrationSpec = (retry: BotTurnSpec['retry']): BotTurnSpec => ({
  name: 'queue-integration',
  serves: (ticket) => ticket.integrationId !== null,
  async answer(ctx) {
    const integration =
      ctx.ticket.integrationId === null ? null : await integrationOf(ctx.deps.db, ctx.ticket.companyId, ctx.ticket.integrationId);
    if (!integration) throw new BotRefused('the integration was deleted');
    return answerWith(integration, ctx);
  },
  retry,
});

export { runBotTurn };
