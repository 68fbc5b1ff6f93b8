import { randomInt } from 'node:crypto';
import { CONNECTION_TOKEN_LENGTH, type FacebookConnectResult, MAIN_COMPANY_ID } from '@chatflow/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { GraphClient } from '../../channels/graph/client';
import type { Tx } from '../../db/client';
import { companies, connections, plans } from '../../db/schema';
import { AppError } from '../../http/errors';
import { companyAndPlan } from '../../http/guards';
import { announceConnections } from '../connections';
import { asGraphRefusal, type GraphPage, instagramName, userPages } from './facebook-pages';
import { presentLoginSettings, readMetaApp } from './meta-app';
import { longLivedUserToken } from './token-exchange';

/** What Messenger and Instagram deliver to the webhook for a subscribed page. */
const SUBSCRIBED_FIELDS = 'messages,messaging_postbacks,message_deliveries,message_reads,message_echoes,message_reactions';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const connectionToken = () => Array.from({ length: CONNECTION_TOKEN_LENGTH }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

/** Has Meta deliver the page's messages (and its Instagram account's) to our webhook. */
async function subscribePage(graphApiUrl: string, page: GraphPage): Promise<void> {
  await new GraphClient(graphApiUrl, page.access_token).post(`${page.id}/subscribed_apps`, {}, { subscribed_fields: SUBSCRIBED_FIELDS });
}

interface Account {
  channel: 'facebook' | 'instagram';
  accountId: string;
  name: string;
  pageToken: string;
}

/**
 * Creates one connection per account, or refreshes the tokens of the company's existing one (a
 * second login after a token expired). An account held by another company is refused. Limits are
 * the plan's (connections count; the main company has none), as for any new connection.
 */
async function saveAccount(tx: Tx, companyId: number, input: { facebookUserId: string; facebookUserToken: string }, a: Account) {
  const secrets = { facebookUserId: input.facebookUserId, facebookUserToken: input.facebookUserToken, tokenMeta: a.pageToken };
  const [existing] = await tx
    .select({ id: connections.id, companyId: connections.companyId, name: connections.name })
    .from(connections)
    .where(and(eq(connections.channel, a.channel), eq(connections.facebookPageUserId, a.accountId)));
  if (existing && existing.companyId !== companyId) throw new AppError('ERR_META_ACCOUNT_IN_USE', 409);
  if (existing) {
    await tx
      .update(connections)
      .set({ ...secrets, status: 'CONNECTED', updatedAt: new Date() })
      .where(eq(connections.id, existing.id));
    return { id: existing.id, name: existing.name, channel: a.channel, created: false };
  }
  const [{ n }] = await tx.select({ n: count() }).from(connections).where(eq(connections.companyId, companyId));
  if (companyId !== MAIN_COMPANY_ID) {
    const [plan] = await tx
      .select({ limit: plans.connections })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, companyId));
    if (plan && Number(n) >= plan.limit) throw new AppError('ERR_PLAN_CONNECTION_LIMIT', 400);
  }
  const [row] = await tx
    .insert(connections)
    .values({
      companyId,
      name: a.name,
      channel: a.channel,
      provider: a.channel,
      status: 'CONNECTED',
      token: connectionToken(),
      facebookPageUserId: a.accountId,
      isDefault: Number(n) === 0,
      ...secrets,
    })
    .returning({ id: connections.id, name: connections.name });
  return { id: row.id, name: row.name, channel: a.channel, created: true };
}

/** Whether the database refused the row for its name (unique per company, case-insensitive). */
const nameTaken = (err: unknown) =>
  String(
    (err as { constraint?: string; cause?: { constraint?: string } })?.cause?.constraint ??
      (err as { constraint?: string })?.constraint ??
      '',
  ).includes('connections_company_name_unique');

/**
 * POST /facebook: the Facebook login's user token → (with the Meta app set up) a long-lived user
 * token → the user's pages (page tokens and linked Instagram business accounts, from Graph), those
 * chosen in the page chooser (pageIds; all of them on the manual path) → one `facebook` connection
 * per page, plus one `instagram` connection per linked account when addInstagram is on (and the plan
 * has Instagram), each page subscribed to the webhook.
 */
export async function connectFacebook(
  req: FastifyRequest,
  input: { facebookUserId: string; facebookUserToken: string; addInstagram: boolean; pageIds?: string[] },
): Promise<FacebookConnectResult> {
  const { ctx } = req;
  const graphApiUrl = ctx.config.meta.graphApiUrl;
  if (input.addInstagram) {
    const { plan } = await companyAndPlan(req);
    if (!plan?.useInstagram) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
  }
  const app = await readMetaApp(ctx.db, ctx.config);
  let userToken = input.facebookUserToken;
  let pages: GraphPage[];
  try {
    // The login's token lives an hour or two; pages read with a long-lived one get tokens that do not expire.
    if (presentLoginSettings(app).facebookReady) userToken = await longLivedUserToken(graphApiUrl, app, userToken);
    pages = await userPages(graphApiUrl, input.facebookUserId, userToken);
  } catch (err) {
    throw asGraphRefusal(req, err, 'the login');
  }
  if (input.pageIds) {
    const chosen = new Set(input.pageIds);
    pages = pages.filter((p) => chosen.has(p.id));
    // A page the login does not manage is as unknown as a missing one.
    if (pages.length !== chosen.size) throw new AppError('ERR_NOT_FOUND', 404);
  }
  try {
    for (const page of pages) await subscribePage(graphApiUrl, page);
  } catch (err) {
    throw asGraphRefusal(req, err, 'the page subscription');
  }
  const accounts: Account[] = pages.flatMap((page) => {
    const fb: Account = { channel: 'facebook', accountId: page.id, name: page.name, pageToken: page.access_token };
    const ig = page.instagram_business_account;
    if (!input.addInstagram || !ig) return [fb];
    return [fb, { channel: 'instagram', accountId: ig.id, name: instagramName(ig), pageToken: page.access_token }];
  });
  try {
    return await ctx.transaction(async (tx) => {
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, ctx.companyId)).for('no key update');
      const saved: FacebookConnectResult = [];
      const login = { facebookUserId: input.facebookUserId, facebookUserToken: userToken };
      for (const account of accounts) saved.push(await saveAccount(tx, ctx.companyId, login, account));
      // The connections page hears of new and refreshed connections as it does for POST /whatsapp.
      const rows = saved.length
        ? await tx
            .select()
            .from(connections)
            .where(
              inArray(
                connections.id,
                saved.map((s) => s.id),
              ),
            )
        : [];
      await announceConnections(tx, ctx, rows);
      return saved;
    });
  } catch (err) {
    if (nameTaken(err)) throw new AppError('ERR_CONNECTION_NAME_ALREADY_EXISTS', 400);
    throw err;
  }
}
