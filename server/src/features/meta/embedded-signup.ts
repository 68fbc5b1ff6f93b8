import { ConnectionInput, type EmbeddedSignupInput, type EmbeddedSignupResult } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { cloudNumberLookup } from '../../channels/cloud-api/number-access';
import { GraphClient } from '../../channels/graph/client';
import { AppError } from '../../http/errors';
import { createConnection } from '../connections';
import { asGraphRefusal } from './facebook-pages';
import { requireMetaApp } from './meta-app';
import { businessTokenFromCode } from './token-exchange';

const NAME_MAX = 50;

/** The new connection's name: Meta's verified name and the display number (names are unique per company, numbers are). */
function connectionName(phoneNumberId: string, display?: string, verifiedName?: string): string {
  const name = [verifiedName, display].filter(Boolean).join(' ') || `WhatsApp ${phoneNumberId}`;
  return name.slice(0, NAME_MAX);
}

/**
 * POST /meta/embedded-signup: WhatsApp Embedded Signup's result becomes a Cloud API connection, as
 * Meta's onboarding steps for a Tech Provider say, all server to server: the code for the business
 * token, the number checked to be the token's (GET /{phone-number-id}, the ownership check of every
 * Cloud API connection), the number registered for the Cloud API with the customer's PIN
 * (POST /{phone-number-id}/register), the app subscribed to the business account's webhooks
 * (POST /{waba-id}/subscribed_apps), then the connection saved with its ids and token.
 */
export async function embeddedSignup(req: FastifyRequest, input: EmbeddedSignupInput): Promise<EmbeddedSignupResult> {
  const { ctx } = req;
  const graphApiUrl = ctx.config.meta.graphApiUrl;
  const app = await requireMetaApp(ctx.db, ctx.config, 'embeddedSignup');
  let token: string;
  try {
    token = await businessTokenFromCode(graphApiUrl, app, input.code);
  } catch (err) {
    throw asGraphRefusal(req, err, 'the Embedded Signup code');
  }
  const number = await cloudNumberLookup(graphApiUrl, input.phoneNumberId, token);
  if (number.access === 'refused') throw new AppError('ERR_META_NUMBER_NOT_OWNED', 400);
  if (number.access === 'unreachable') throw new AppError('ERR_META_UNREACHABLE', 502);
  const graph = new GraphClient(graphApiUrl, token);
  try {
    await graph.post(`${input.phoneNumberId}/register`, { messaging_product: 'whatsapp', pin: input.pin });
    await graph.post(`${input.wabaId}/subscribed_apps`, {});
  } catch (err) {
    throw asGraphRefusal(req, err, 'the number registration or the webhook subscription');
  }
  const row = await createConnection(
    ctx,
    ConnectionInput.parse({
      name: connectionName(input.phoneNumberId, number.displayPhoneNumber, number.verifiedName),
      channel: 'whatsappapi',
      facebookPageUserId: input.phoneNumberId,
      wabaId: input.wabaId,
      tokenMeta: token,
    }),
  );
  return { id: row.id, name: row.name, channel: row.channel };
}
