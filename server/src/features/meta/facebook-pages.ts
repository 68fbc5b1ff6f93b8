import type { FacebookPagesInput, FacebookPageView } from '@chatflow/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { GraphClient, GraphError } from '../../channels/graph/client';
import { connections } from '../../db/schema';
import { AppError } from '../../http/errors';

export interface GraphPage {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username?: string; name?: string };
}

/** The user's pages with their page tokens and linked Instagram business accounts (one Graph call). */
export async function userPages(graphApiUrl: string, userId: string, userToken: string): Promise<GraphPage[]> {
  const graph = new GraphClient(graphApiUrl, userToken);
  const fields = 'id,name,access_token,instagram_business_account{id,username,name}';
  const answer = await graph.get<{ data?: GraphPage[] }>(`${encodeURIComponent(userId)}/accounts`, { fields, limit: '100' });
  return answer.data ?? [];
}

/** Graph's refusal (an expired token, a permission not granted) as the API's ERR_META_GRAPH; anything else as it is. */
export function asGraphRefusal(req: FastifyRequest, err: unknown, what: string): unknown {
  if (!(err instanceof GraphError)) return err;
  req.log.warn({ code: err.code, status: err.status }, `meta: Graph refused ${what}`);
  return new AppError('ERR_META_GRAPH', 400);
}

export const instagramName = (ig: NonNullable<GraphPage['instagram_business_account']>) =>
  ig.username ? `@${ig.username}` : (ig.name ?? `Instagram ${ig.id}`);

/**
 * POST /facebook/pages: the pages the login's user manages, for the page chooser, each with its
 * Instagram account and the channels this company already connects for it. No token leaves.
 */
export async function listFacebookPages(req: FastifyRequest, input: FacebookPagesInput): Promise<FacebookPageView[]> {
  const { ctx } = req;
  let pages: GraphPage[];
  try {
    pages = await userPages(ctx.config.meta.graphApiUrl, input.facebookUserId, input.facebookUserToken);
  } catch (err) {
    throw asGraphRefusal(req, err, 'the page list');
  }
  const accountIds = pages.flatMap((p) => [p.id, ...(p.instagram_business_account ? [p.instagram_business_account.id] : [])]);
  const known = accountIds.length
    ? await ctx.db
        .select({ channel: connections.channel, accountId: connections.facebookPageUserId })
        .from(connections)
        .where(
          and(
            eq(connections.companyId, ctx.companyId),
            inArray(connections.channel, ['facebook', 'instagram']),
            inArray(connections.facebookPageUserId, accountIds),
          ),
        )
    : [];
  const has = (channel: string, id: string | undefined) => known.some((k) => k.channel === channel && k.accountId === id);
  return pages.map((page) => {
    const ig = page.instagram_business_account;
    const connected: FacebookPageView['connected'] = [];
    if (has('facebook', page.id)) connected.push('facebook');
    if (ig && has('instagram', ig.id)) connected.push('instagram');
    return { id: page.id, name: page.name, instagram: ig ? { id: ig.id, username: instagramName(ig) } : null, connected };
  });
}
