import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestPki {
  /** PEM of the test CA: the fake server trusts client certificates it signed, the client trusts the server's. */
  ca: Buffer;
  server: { key: Buffer; cert: Buffer };
  /** The client's .p12 without passphrase, as Efí issues it. */
  clientP12: Buffer;
  /** A .p12 from a CA the fake server does not trust. */
  strangerP12: Buffer;
}

/**
 * A throwaway PKI made with the openssl CLI: a CA, a server certificate for 127.0.0.1/localhost and
 * client certificates exported as PKCS#12 with an empty passphrase. Made once per test file (~1 s).
 */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'chatflow-pki-'));
  const f = (name: string) => path.join(dir, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    const ca = (name: string) => {
      ssl(
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${name}`,
        '-keyout',
        f(`${name}.key`),
        '-out',
        f(`${name}.pem`),
      );
    };
    const leaf = (name: string, signer: string, ext: string) => {
      ssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${name}`, '-keyout', f(`${name}.key`), '-out', f(`${name}.csr`));
      writeFileSync(f(`${name}.ext`), ext);
      ssl(
        'x509',
        '-req',
        '-in',
        f(`${name}.csr`),
        '-CA',
        f(`${signer}.pem`),
        '-CAkey',
        f(`${signer}.key`),
        '-CAcreateserial',
        '-days',
        '2',
        '-extfile',
        f(`${name}.ext`),
        '-out',
        f(`${name}.pem`),
      );
    };
    const p12 = (name: string) => {
      ssl('pkcs12', '-export', '-inkey', f(`${name}.key`), '-in', f(`${name}.pem`), '-passout', 'pass:', '-out', f(`${name}.p12`));
      return readFileSync(f(`${name}.p12`));
    };
    ca('test-ca');
    ca('stranger-ca');
    leaf('localhost', 'test-ca', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
    leaf('client', 'test-ca', 'extendedKeyUsage=clientAuth\n');
    leaf('stranger', 'stranger-ca', 'extendedKeyUsage=clientAuth\n');
    return {
      ca: readFileSync(f('test-ca.pem')),
      server: { key: readFileSync(f('localhost.key')), cert: readFileSync(f('localhost.pem')) },
      clientP12: p12('client'),
      strangerP12: p12('stranger'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
