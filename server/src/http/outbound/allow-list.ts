import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What the operator lets tenants' addresses reach although it is not public (OUTBOUND_ALLOWED_HOSTS):
 * host names, matched exactly whatever they resolve to (a self-hosted n8n or Typebot on the same
 * machine), and IP addresses or CIDR ranges, matched against the address connected to.
 */
export interface OutboundAllowList {
  hosts: string[];
  networks: [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** A host name as a URL spells it, compared: lower case, no brackets, no trailing dot. */
export const normalHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');

/** Parses OUTBOUND_ALLOWED_HOSTS (comma-separated); an entry that is none of the three stops the server at start. */
export function parseAllowList(value: string | undefined): OutboundAllowList {
  const list: OutboundAllowList = { hosts: [], networks: [] };
  for (const raw of (value ?? '').split(',')) {
    const entry = normalHost(raw);
    if (!entry) continue;
    const [address, bits] = entry.split('/');
    const version = isIP(address);
    if (version && bits === undefined) list.networks.push([ipaddr.parse(address), version === 4 ? 32 : 128]);
    else if (version && /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))
      list.networks.push([ipaddr.parse(address), Number(bits)]);
    else if (HOST_NAME.test(entry)) list.hosts.push(entry);
    else throw new Error(`OUTBOUND_ALLOWED_HOSTS: "${raw.trim()}" is not a host name, an IP address or a CIDR range`);
  }
  return list;
}

export const allowsHost = (list: OutboundAllowList, host: string) => list.hosts.includes(normalHost(host));

/** An address inside an allowed network; an IPv4-mapped IPv6 address counts as its IPv4 address. */
export function allowsAddress(list: OutboundAllowList, address: string): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(normalHost(address));
  } catch {
    return false;
  }
  return list.networks.some(([network, bits]) => network.kind() === ip.kind() && ip.match(network, bits));
}
