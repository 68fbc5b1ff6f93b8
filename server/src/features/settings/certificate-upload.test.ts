import { beforeAll, expect, test } from 'vitest';
import { paymentCertificates } from '../../db/schema';
import { type Requester, useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { makeTestPki, type TestPki } from '../../test/payment-certificates';
import { readCertificate } from './certificates';

const t = useTestApp();
let pki: TestPki;
beforeAll(() => {
  pki = makeTestPki();
});

function upload(api: Requester, query: string, file?: { bytes: Buffer; name: string }, lang?: string) {
  const form = multipart(
    file ? [{ name: 'file', value: file.bytes, filename: file.name, type: 'application/x-pkcs12' }] : [{ name: 'x', value: '1' }],
  );
  return api.inject({
    method: 'POST',
    url: `/settings/cert-upload${query}`,
    payload: form.payload,
    headers: { ...form.headers, ...(lang ? { 'accept-language': lang } : {}) },
  });
}

test('a super user uploads a .p12 for Efí: "Arquivo Anexado", stored privately, listed by name only, replaced on re-upload', async () => {
  const api = await t.as(await t.factory.superUser());
  const res = await upload(api, '?ref=efi', { bytes: pki.clientP12, name: 'producao-123.p12' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ mensagem: 'Arquivo Anexado' });
  expect((await readCertificate(t.database.db, 'efi'))?.equals(pki.clientP12)).toBe(true);

  const listed = await api.get('/settings/certificates');
  expect(listed.json()).toEqual([{ destination: 'efi', fileName: 'producao-123.p12', uploadedAt: expect.any(String) }]);
  const base64 = pki.clientP12.toString('base64');
  for (const url of ['/settings/certificates', '/settings/global', '/settings'])
    expect((await api.get(url)).body).not.toContain(base64.slice(0, 40));

  const again = await upload(api, '?ref=efi', { bytes: pki.strangerP12, name: 'novo.P12' });
  expect(again.statusCode).toBe(200);
  expect((await readCertificate(t.database.db, 'efi'))?.equals(pki.strangerP12)).toBe(true);
  expect(await t.database.db.select().from(paymentCertificates)).toHaveLength(1);
  expect((await api.get('/settings/certificates')).json()).toEqual([expect.objectContaining({ fileName: 'novo.P12' })]);
});

// The certificate is platform-wide: tests of this file share it, so each compares with what was there before.
const installed = async () => (await readCertificate(t.database.db, 'efi'))?.toString('base64') ?? null;

test('the spec messages: no file, no or unknown destination, not a .p12 (by name or by content)', async () => {
  const api = await t.as(await t.factory.superUser());
  const before = await installed();
  const cases: [string, { bytes: Buffer; name: string } | undefined, string, string][] = [
    ['?ref=efi', undefined, 'file', 'Escolha um arquivo!'],
    ['', { bytes: pki.clientP12, name: 'c.p12' }, 'ref', 'Escolha um destino!'],
    ['?ref=', { bytes: pki.clientP12, name: 'c.p12' }, 'ref', 'Escolha um destino!'],
    ['?ref=stripe', { bytes: pki.clientP12, name: 'c.p12' }, 'ref', 'Escolha um destino!'],
    ['?ref=efi', { bytes: pki.clientP12, name: 'c.pem' }, 'file', 'Use somente arquivos em formato p12!'],
    ['?ref=efi', { bytes: pki.ca, name: 'disguised.p12' }, 'file', 'Use somente arquivos em formato p12!'],
    ['?ref=efi', { bytes: Buffer.from('MZ\x90\x00 not a certificate'), name: 'evil.p12' }, 'file', 'Use somente arquivos em formato p12!'],
  ];
  for (const [query, file, field, message] of cases) {
    const res = await upload(api, query, file);
    expect(res.statusCode, `${query} ${file?.name}`).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field, message })]);
  }
  expect(await installed()).toBe(before);
  const english = await upload(api, '?ref=efi', { bytes: pki.ca, name: 'x.txt' }, 'en');
  expect(english.json().fields[0].message).toBe('Use only files in p12 format!');
});

test('an admin who is not super and a plain user get 403; without a session 401; nothing is stored', async () => {
  const admin = await t.as(await t.factory.admin());
  const user = await t.as(await t.factory.user());
  const before = await installed();
  for (const api of [admin, user]) {
    const res = await upload(api, '?ref=efi', { bytes: pki.clientP12, name: 'c.p12' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await api.get('/settings/certificates')).statusCode).toBe(403);
  }
  expect((await upload(t.anon, '?ref=efi', { bytes: pki.clientP12, name: 'c.p12' })).statusCode).toBe(401);
  expect(await installed()).toBe(before);
});

test('a certificate larger than the limit is refused with 413', async () => {
  const api = await t.as(await t.factory.superUser());
  const res = await upload(api, '?ref=efi', { bytes: Buffer.alloc(300 * 1024, 1), name: 'big.p12' });
  expect(res.statusCode).toBe(413);
  expect(res.json().error).toBe('ERR_FILE_TOO_LARGE');
});
