import { CONTACT_SHEET_LIMITS } from '@chatflow/contract';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { inlineStringBomb, lyingInlineStringBomb, manySheetsZip, sharedStringAmplifier } from './testing';

// The app listens, so the second client below is a real HTTP connection, not an injected request.
const t = useTestApp({}, { realSockets: true });

const MB = 1024 * 1024;

/**
 * Sends `file` to both sheet uploads (the contacts import's preview and a contact list's items) while a
 * second client asks GET /health/live over its own connection; answers all three.
 */
async function uploadBesideHealth(file: Buffer, filename: string) {
  const api = await t.as(await t.factory.admin());
  const list = (await api.post('/contact-lists', { name: 'Hostil' })).json();
  const send = (url: string) => api.inject({ method: 'POST', url, ...multipart([{ name: 'file', value: file, filename }]) });
  const [contacts, items, health] = await Promise.all([
    send('/contacts/upload'),
    send(`/contact-lists/${list.id}/upload`),
    fetch(`${t.url}/health/live`).then(async (res) => ({ status: res.status, body: await res.json() })),
  ]);
  expect(health).toEqual({ status: 200, body: { status: 'ok' } });
  return [contacts, items].map((res) => ({ status: res.statusCode, body: res.json() }));
}

const refused = (status: number, body: object) => [
  { status, body },
  { status, body },
];

// Building a bomb (deflating 60 MB) takes seconds on a busy machine: the time is the test's, not the server's.
describe('Hostile files', { timeout: 120_000 }, () => {
  test('an xlsx bomb (one inline string of 60 MB, a few kilobytes zipped) is refused from its zip directory', async () => {
    const bomb = await inlineStringBomb(60 * MB);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await uploadBesideHealth(bomb, 'bomba.xlsx')).toEqual(
      refused(413, { error: 'ERR_SHEET_TOO_LARGE', limit: 'uncompressedBytes' }),
    );
  });

  test('a bomb whose zip lies about its sizes stops inflating at the declared size: an invalid file', async () => {
    const liar = await lyingInlineStringBomb(60 * MB);
    expect(await uploadBesideHealth(liar, 'mentira.xlsx')).toEqual(refused(400, { error: 'ERR_INVALID_FILE' }));
  });

  test('a zip of many small sheets is refused for its entry count', async () => {
    const zip = await manySheetsZip(CONTACT_SHEET_LIMITS.zipEntries + 100);
    expect(await uploadBesideHealth(zip, 'muitas.xlsx')).toEqual(refused(413, { error: 'ERR_SHEET_TOO_LARGE', limit: 'zipEntries' }));
  });

  test('one shared string referenced by thousands of cells is refused for the text it would answer', async () => {
    const zip = await sharedStringAmplifier(CONTACT_SHEET_LIMITS.cellChars, 2_100);
    expect(zip.length).toBeLessThan(200 * 1024);
    expect(await uploadBesideHealth(zip, 'eco.xlsx')).toEqual(refused(413, { error: 'ERR_SHEET_TOO_LARGE', limit: 'textChars' }));
  });

  test('a csv with a 50 MB field is refused as it arrives (the file limit); a 15 MB field by the cell limit', async () => {
    const huge = Buffer.concat([Buffer.from('nome,numero\n"'), Buffer.alloc(50 * MB, 'x'), Buffer.from('",1\n')]);
    expect(await uploadBesideHealth(huge, 'campo.csv')).toEqual(refused(413, { error: 'ERR_FILE_TOO_LARGE', limitMb: 20 }));
    const field = Buffer.concat([Buffer.from('nome,numero\n'), Buffer.alloc(15 * MB, 'x'), Buffer.from(',1\n')]);
    expect(await uploadBesideHealth(field, 'campo.csv')).toEqual(refused(413, { error: 'ERR_SHEET_TOO_LARGE', limit: 'cellChars' }));
  });

  test('a csv past the rows or the columns a sheet may have is refused', async () => {
    const lines = ['nome,numero'];
    for (let i = 0; i <= CONTACT_SHEET_LIMITS.rows; i++) lines.push(`Pessoa ${i},55119${String(i).padStart(8, '0')}`);
    expect(await uploadBesideHealth(Buffer.from(lines.join('\n')), 'linhas.csv')).toEqual(
      refused(413, { error: 'ERR_SHEET_TOO_LARGE', limit: 'rows' }),
    );
    const wide = `nome,numero\n${'a,'.repeat(CONTACT_SHEET_LIMITS.columns)}b\n`;
    expect(await uploadBesideHealth(Buffer.from(wide), 'colunas.csv')).toEqual(
      refused(413, { error: 'ERR_SHEET_TOO_LARGE', limit: 'columns' }),
    );
  });

  test('a sheet exactly at the limits is read: the widest row, the longest cell, empty cells further right', async () => {
    const api = await t.as(await t.factory.user());
    const header = Array.from({ length: CONTACT_SHEET_LIMITS.columns }, (_, i) => (i === 0 ? 'nome' : i === 1 ? 'numero' : `c${i}`));
    const long = 'y'.repeat(CONTACT_SHEET_LIMITS.cellChars);
    const csv = `${header.join(',')}${',,,'.repeat(500)}\nAna,5511999990001,${long}\n`;
    const res = await api.inject({
      method: 'POST',
      url: '/contacts/upload',
      ...multipart([{ name: 'file', value: Buffer.from(csv), filename: 'limite.csv' }]),
    });
    expect(res.statusCode).toBe(200);
    const sheet = res.json();
    expect(sheet.columns).toHaveLength(CONTACT_SHEET_LIMITS.columns);
    expect(sheet.rows[0].slice(0, 3)).toEqual(['Ana', '5511999990001', long]);
  });
});
