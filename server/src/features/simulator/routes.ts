import {
  coercedId,
  SIMULATOR_MAX_FILE_BYTES,
  SimulatorConversation,
  SimulatorConversationQuery,
  SimulatorInboundInput,
  SimulatorInboundResult,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SimulatorProvider } from '../../channels/simulator/provider';
import { notFound } from '../../http/errors';
import type { FeatureDeps } from '../deps';
import { simulatorAccess } from './access';
import { customerConversation } from './conversation';
import { toInboundMessage } from './inbound';

const ConnectionParam = z.object({ connectionId: coercedId() });

/**
 * The simulator's HTTP face (README "Simulator"): a person, test or benchmark acts as the customer
 * of a simulator connection. Absent when SIMULATOR=off.
 */
export const simulatorRoutes =
  (deps: FeatureDeps): FastifyPluginAsyncZod =>
  async (app) => {
    if (!deps.config.simulator) return;
    const access = simulatorAccess(deps.db, app.authenticate);

    app.post(
      '/simulator/:connectionId/messages',
      {
        schema: { params: ConnectionParam, body: SimulatorInboundInput, response: { 200: SimulatorInboundResult } },
        // base64 is 4/3 of the file, plus the JSON around it
        bodyLimit: Math.ceil((SIMULATOR_MAX_FILE_BYTES * 4) / 3) + 64 * 1024,
        onRequest: access,
      },
      async (req): Promise<SimulatorInboundResult> => {
        const message = toInboundMessage(req.body);
        const provider = await deps.channels.providerFor(req.simulatorConnection.id);
        if (!(provider instanceof SimulatorProvider)) throw notFound('ERR_NO_WAPP_FOUND');
        const result = await provider.receive(message);
        if (result.status === 'stored') return { id: message.externalId, ticketId: result.ticketId, messageId: result.messageId };
        return result.status === 'duplicate' ? { id: message.externalId, duplicate: true } : { id: message.externalId, ignored: true };
      },
    );

    app.get(
      '/simulator/:connectionId/messages',
      {
        schema: { params: ConnectionParam, querystring: SimulatorConversationQuery, response: { 200: SimulatorConversation } },
        onRequest: access,
      },
      async (req) => customerConversation(deps.db, req.simulatorConnection, req.query.number),
    );
  };
