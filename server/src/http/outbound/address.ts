import ipaddr from 'ipaddr.js';

/**
 * The special range an IP address is in, or null for a public unicast address: what the outbound
 * guard refuses to connect to. IPv4 ranges are ipaddr.js's (loopback, private, linkLocal with the
 * cloud metadata address, carrierGradeNat, multicast, unspecified, broadcast, reserved...). An IPv6
 * address that carries an IPv4 one (mapped ::ffff:a.b.c.d in either spelling, SIIT ::ffff:0:a.b.c.d,
 * NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by the IPv4 address it reaches; every other IPv6
 * range but global unicast is refused, and so is the deprecated IPv4-compatible ::/96.
 */
export function blockedRange(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return 'invalid';
  }
  return ip.kind() === 'ipv4' ? ipv4Range(ip as ipaddr.IPv4) : ipv6Range(ip as ipaddr.IPv6);
}

function ipv4Range(ip: ipaddr.IPv4): string | null {
  const range = ip.range();
  return range === 'unicast' ? null : range;
}

/** The IPv4 address in 32 bits of an IPv6 one, from the 16-bit part `at` on. */
const embeddedIpv4 = (ip: ipaddr.IPv6, at: number) =>
  new ipaddr.IPv4([ip.parts[at] >> 8, ip.parts[at] & 0xff, ip.parts[at + 1] >> 8, ip.parts[at + 1] & 0xff]);

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

function ipv6Range(ip: ipaddr.IPv6): string | null {
  const range = ip.range();
  switch (range) {
    case 'unicast':
      return ip.match(IPV4_COMPATIBLE) ? 'ipv4Compatible' : null;
    case 'ipv4Mapped':
    case 'rfc6145':
      return ipv4Range(embeddedIpv4(ip, 6));
    case 'rfc6052':
      // 64:ff9b::/96 translates to the public IPv4 internet; 64:ff9b:1::/48 is for local use.
      return ip.match(NAT64_WELL_KNOWN) ? ipv4Range(embeddedIpv4(ip, 6)) : range;
    case '6to4':
      return ipv4Range(embeddedIpv4(ip, 1));
    default:
      return range;
  }
}
