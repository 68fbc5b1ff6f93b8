// Made-up host names for the outbound guard's tests: `answerNames({ 'hooks.example.com': ['127.0.0.1'] })`
// makes the resolver the guard asks (dns.promises.lookup) answer those names with those addresses; every
// other name is resolved for real. Restore with vi.restoreAllMocks() (test files share modules).
import dns from 'node:dns';
import { vi } from 'vitest';

export function answerNames(names: Record<string, string[]>) {
  const real = dns.promises.lookup.bind(dns.promises);
  return vi.spyOn(dns.promises, 'lookup').mockImplementation(((host: string, options: dns.LookupAllOptions) => {
    const addresses = names[host];
    if (!addresses) return real(host, options);
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  }) as typeof dns.promises.lookup);
}
