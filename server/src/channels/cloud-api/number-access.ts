import { GraphClient, GraphError } from '../graph/client';

/** What Meta said of a token and a phone number id: the token may use it, may not, or nobody answered. */
export type NumberAccess = 'owned' | 'refused' | 'unreachable';

/** Graph's throttling codes (application, user, API and rate limits): answered as 4xx, but nobody refused. */
const THROTTLED = new Set([4, 17, 32, 613]);

/**
 * Asks Meta whether `token` may use the WhatsApp phone number id: GET /{phone-number-id} answers the
 * number (its id) to a token of the business that owns it, and an error to any other (400 code 100
 * for a number it may not see, 401 code 190 for a token that is none). Throttling, Meta's own
 * failures and the network confirm nothing either way.
 */
export async function cloudNumberAccess(graphApiUrl: string, phoneNumberId: string, token: string): Promise<NumberAccess> {
  return (await cloudNumberLookup(graphApiUrl, phoneNumberId, token)).access;
}

/** The same question, with what Meta says of the number when the token may use it (its display number and verified name). */
export async function cloudNumberLookup(
  graphApiUrl: string,
  phoneNumberId: string,
  token: string,
): Promise<{ access: NumberAccess; displayPhoneNumber?: string; verifiedName?: string }> {
  try {
    const number = await new GraphClient(graphApiUrl, token).get<{ id?: string; display_phone_number?: string; verified_name?: string }>(
      phoneNumberId,
      { fields: 'display_phone_number,verified_name' },
    );
    if (number.id !== phoneNumberId) return { access: 'refused' };
    return { access: 'owned', displayPhoneNumber: number.display_phone_number, verifiedName: number.verified_name };
  } catch (err) {
    if (!(err instanceof GraphError)) return { access: 'unreachable' };
    const refused = err.status >= 400 && err.status < 500 && err.status !== 429 && !(err.code !== null && THROTTLED.has(err.code));
    return { access: refused ? 'refused' : 'unreachable' };
  }
}
