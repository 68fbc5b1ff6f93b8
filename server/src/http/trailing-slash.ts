/**
 * Clients of this product family call routes with and without a trailing slash (`GET /users/?searchParam=`
 * is the users list, not `/users/:id` with an empty id). Every path is routed without its trailing
 * slashes, so each route is registered once and answers both spellings.
 */
export function withoutTrailingSlash(url: string | undefined): string {
  if (!url) return '/';
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (path.length <= 1 || !path.endsWith('/')) return url;
  const trimmed = path.replace(/\/+$/, '') || '/';
  return queryAt < 0 ? trimmed : trimmed + url.slice(queryAt);
}
