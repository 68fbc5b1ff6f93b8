import { GraphClient } from '../../channels/graph/client';
import type { MetaApp } from './meta-app';

interface AccessTokenAnswer {
  access_token: string;
  token_type?: string;
  expires_in?: number;
}

/**
 * The Facebook login's short-lived user token (an hour or two) for a long-lived one (about 60 days):
 * GET /oauth/access_token?grant_type=fb_exchange_token with the app's id and secret, server to server.
 * Page tokens read with a long-lived user token do not expire, so the connections keep working.
 */
export async function longLivedUserToken(graphApiUrl: string, app: MetaApp, shortLived: string): Promise<string> {
  const answer = await new GraphClient(graphApiUrl, null).get<AccessTokenAnswer>('oauth/access_token', {
    grant_type: 'fb_exchange_token',
    client_id: app.appId,
    client_secret: app.appSecret,
    fb_exchange_token: shortLived,
  });
  return answer.access_token;
}

/**
 * Embedded Signup's code for the business customer's token (a business integration system user
 * token): GET /oauth/access_token?client_id&client_secret&code, server to server.
 */
export async function businessTokenFromCode(graphApiUrl: string, app: MetaApp, code: string): Promise<string> {
  const answer = await new GraphClient(graphApiUrl, null).get<AccessTokenAnswer>('oauth/access_token', {
    client_id: app.appId,
    client_secret: app.appSecret,
    code,
  });
  return answer.access_token;
}
