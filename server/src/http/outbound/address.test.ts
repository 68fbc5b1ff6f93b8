import { describe, expect, test } from 'vitest';
import { blockedRange } from './address';
import { allowsAddress, allowsHost, parseAllowList } from './allow-list';

describe('the outbound address classifier', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.254', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
  ])('IPv4 %s is refused (%s)', (address, range) => {
    expect(blockedRange(address)).toBe(range);
  });

  test.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:a9fe:a9fe]', 'linkLocal'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:0:192.168.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::169.254.169.254', 'linkLocal'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['::7f00:1', 'ipv4Compatible'],
    ['fec0::1', 'deprecatedSiteLocal'],
  ])('IPv6 %s is refused (%s)', (address, range) => {
    expect(blockedRange(address)).toBe(range);
  });

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(blockedRange(address)).toBeNull();
  });

  test('what is not an address is refused', () => {
    expect(blockedRange('example.com')).toBe('invalid');
  });
});

describe('OUTBOUND_ALLOWED_HOSTS', () => {
  const list = parseAllowList(' n8n.internal, localhost., 10.8.0.0/16 ,127.0.0.1,[fd00::1],fd12::/16,');

  test('host names match exactly, in any case, with or without the trailing dot', () => {
    expect(list.hosts).toEqual(['n8n.internal', 'localhost']);
    expect(allowsHost(list, 'N8N.internal.')).toBe(true);
    expect(allowsHost(list, 'evil.n8n.internal')).toBe(false);
    expect(allowsHost(list, '127.0.0.1')).toBe(false);
  });

  test('addresses and CIDR ranges match the address connected to, an IPv4-mapped one as its IPv4 address', () => {
    expect(allowsAddress(list, '10.8.200.1')).toBe(true);
    expect(allowsAddress(list, '10.9.0.1')).toBe(false);
    expect(allowsAddress(list, '127.0.0.1')).toBe(true);
    expect(allowsAddress(list, '127.0.0.2')).toBe(false);
    expect(allowsAddress(list, '::ffff:127.0.0.1')).toBe(true);
    expect(allowsAddress(list, '[fd00::1]')).toBe(true);
    expect(allowsAddress(list, 'fd12:ab::1')).toBe(true);
    expect(allowsAddress(list, 'fd13::1')).toBe(false);
    expect(allowsAddress(list, '::1')).toBe(false);
  });

  test('unset allows nothing; an entry that is no host, address or range stops the server with its name', () => {
    expect(parseAllowList(undefined)).toEqual({ hosts: [], networks: [] });
    expect(() => parseAllowList('n8n.internal,http://typebot:3000')).toThrow('"http://typebot:3000" is not a host name');
    expect(() => parseAllowList('10.0.0.0/33')).toThrow('"10.0.0.0/33"');
  });
});
