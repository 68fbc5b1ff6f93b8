import dns from 'node:dns';
import { isIP } from 'node:net';
import { blockedRange } from './address';
import { allowsAddress, allowsHost, normalHost } from './allow-list';
import { OutboundError, refused } from './errors';
import type { OutboundPolicy } from './policy';

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of `host` (a literal is its own), or the deadline's timeout. */
async function addressesOf(host: string, deadline: AbortSignal): Promise<PinnedAddress[]> {
  const literal = isIP(host);
  if (literal) return [{ address: host, family: literal as 4 | 6 }];
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new OutboundError('timeout', `resolving ${host} timed out`));
    deadline.addEventListener('abort', onAbort, { once: true });
  });
  try {
    // dns.promises is read at the call (not destructured): tests answer for made-up names through it.
    const found = await Promise.race([dns.promises.lookup(host, { all: true, verbatim: true }), aborted]);
    if (found.length === 0) throw new OutboundError('failed', `${host} has no address`);
    return found.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
  } catch (err) {
    if (err instanceof OutboundError) throw err;
    throw new OutboundError('failed', `${host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  } finally {
    deadline.removeEventListener('abort', onAbort);
  }
}

/**
 * The addresses to connect to for `url`, checked: a host the operator allowed by name, or an origin the
 * operator configured, goes where it resolves; any other host must resolve to public addresses only
 * (or to addresses of an allowed network), every one of them, so a name that also points inside is
 * refused whatever order the resolver answers in. The caller connects to exactly these addresses (the
 * first that answers), never resolving again (no DNS rebinding between the check and the connection).
 */
export async function checkedAddresses(policy: OutboundPolicy, url: URL, deadline: AbortSignal): Promise<PinnedAddress[]> {
  const host = normalHost(url.hostname);
  const addresses = await addressesOf(host, deadline);
  if (policy.trustedOrigins.includes(url.origin) || allowsHost(policy.allow, host)) return addresses;
  for (const { address } of addresses) {
    const range = blockedRange(address);
    if (range && !allowsAddress(policy.allow, address)) {
      const where = address === host ? host : `${host} (${address})`;
      throw refused(`${where} is not a public address (${range}); OUTBOUND_ALLOWED_HOSTS can allow it`);
    }
  }
  return addresses;
}
