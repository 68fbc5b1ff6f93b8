import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { globalSettings, messages } from '../../db/schema';
import { type Requester, useTestApp } from '../../test/harness';
import { bundledFfmpegPath } from '../../media';
import { messageFactory, mp3, multipart, oggOpus, type Part, pdf, png } from './testing';

/** A real recording made by ffmpeg's tone generator in the given container and codec. */
async function generateTone(ext: string, codec: string[]): Promise<Buffer> {
  const { execFile } = await import('node:child_process');
  const { mkdtemp, readFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const dir = await mkdtemp(path.join(tmpdir(), 'tone-'));
  try {
    const out = path.join(dir, `tone.${ext}`);
    await new Promise<void>((resolve, reject) =>
      execFile(
        bundledFfmpegPath(),
        ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', ...codec, out],
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const t = useTestApp();
const mf = () => messageFactory(t.database.db);
const onDisk = (url: string) => path.join(t.config.dataDir, url.replace(/^\//, ''));
const ticketMessages = (ticketId: number) =>
  t.database.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);

async function setup() {
  const admin = await t.factory.admin();
  const ticket = await mf().ticket(admin.companyId, { userId: admin.id });
  return { admin, ticket, api: await t.as(admin) };
}

const send = (api: Requester, ticketId: number | string, parts: Part[]) =>
  api.inject({ method: 'POST', url: `/messages/${ticketId}`, ...multipart(parts) });

describe('POST /messages/:ticketId (multipart)', () => {
  test('one message per file, each with its caption, typed from the bytes and stored under the company', async () => {
    const { admin, ticket, api } = await setup();
    const res = await send(api, ticket.id, [
      { name: 'fromMe', value: 'true' },
      { name: 'isPrivate', value: 'false' },
      { name: 'body', value: 'a foto' },
      { name: 'body', value: 'o contrato' },
      // The declared types are wrong on purpose: the content decides.
      { name: 'medias', value: png(), filename: 'foto.png', type: 'application/pdf' },
      { name: 'medias', value: pdf(), filename: 'contrato.pdf', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    const [image, doc] = res.json().messages;
    expect(image).toMatchObject({ mediaType: 'image', body: 'a foto', mediaName: 'foto.png', fromMe: true, ack: 0 });
    expect(doc).toMatchObject({ mediaType: 'document', body: 'o contrato', mediaName: 'contrato.pdf' });
    for (const [m, ext] of [
      [image, 'png'],
      [doc, 'pdf'],
    ] as const) {
      expect(m.mediaUrl).toMatch(new RegExp(`^/public/company${admin.companyId}/media/[a-f0-9]{32}\\.${ext}$`));
      expect(existsSync(onDisk(m.mediaUrl))).toBe(true);
    }
    expect(readFileSync(onDisk(image.mediaUrl))).toEqual(png());
    // Served to the company's sessions only.
    expect((await api.get(image.mediaUrl)).statusCode).toBe(200);
    expect((await t.anon.get(image.mediaUrl)).statusCode).toBe(404);

    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);
    const rows = await ticketMessages(ticket.id);
    expect(rows.map((r) => Boolean(r.externalId))).toEqual([true, true]);
  });

  test('a text file renamed .png is refused; a real .txt goes as a document', async () => {
    const { ticket, api } = await setup();
    const fake = await send(api, ticket.id, [
      { name: 'medias', value: Buffer.from('just some text'), filename: 'photo.png', type: 'image/png' },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe('ERR_INVALID_FILE');
    expect(await ticketMessages(ticket.id)).toHaveLength(0);

    const txt = await send(api, ticket.id, [
      { name: 'medias', value: Buffer.from('lista de compras'), filename: 'lista.txt', type: 'text/plain' },
    ]);
    expect(txt.json().messages[0]).toMatchObject({ mediaType: 'document', mediaName: 'lista.txt' });

    // Markup is kept as a document but stored as .txt, so /public never serves it as a page.
    const xml = await send(api, ticket.id, [
      { name: 'medias', value: Buffer.from('<?xml version="1.0"?><nfe><total>10</total></nfe>'), filename: 'nota.xml' },
    ]);
    expect(xml.json().messages[0]).toMatchObject({ mediaType: 'document', mediaName: 'nota.xml' });
    expect(xml.json().messages[0].mediaUrl).toMatch(/\.txt$/);
  });

  test('one bad file in a batch sends nothing', async () => {
    const { ticket, api } = await setup();
    const res = await send(api, ticket.id, [
      { name: 'medias', value: png(), filename: 'ok.png' },
      { name: 'medias', value: Buffer.from('not an image'), filename: 'bad.jpg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(await ticketMessages(ticket.id)).toHaveLength(0);
  });

  test('a file over the download limit gets 413 with the limit', async () => {
    const { ticket, api } = await setup();
    await t.database.db
      .insert(globalSettings)
      .values({ key: 'downloadLimit', value: '1' })
      .onConflictDoUpdate({ target: globalSettings.key, set: { value: '1' } });
    try {
      const big = Buffer.concat([png(), Buffer.alloc(1024 * 1024 + 10)]);
      const res = await send(api, ticket.id, [{ name: 'medias', value: big, filename: 'big.png' }]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: 'ERR_FILE_TOO_LARGE', limitMb: 1 });
      expect(await ticketMessages(ticket.id)).toHaveLength(0);
    } finally {
      await t.database.db.update(globalSettings).set({ value: '64' }).where(eq(globalSettings.key, 'downloadLimit'));
    }
  });

  test('browser recordings are audio; under 10000 bytes they are refused', async () => {
    const { ticket, api } = await setup();
    const short = await send(api, ticket.id, [
      { name: 'medias', value: oggOpus(5000), filename: 'audio-record-site-123.ogg', type: 'audio/ogg' },
    ]);
    expect(short.statusCode).toBe(400);
    expect(short.json().fields[0]).toMatchObject({ field: 'medias', key: 'validation.tooShort' });

    const ok = await send(api, ticket.id, [
      { name: 'medias', value: oggOpus(), filename: 'audio-record-site-123.ogg', type: 'audio/ogg' },
      { name: 'medias', value: mp3(), filename: 'audio-ios.mp3', type: 'audio/mpeg' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().messages.map((m: { mediaType: string }) => m.mediaType)).toEqual(['audio', 'audio']);
    expect(ok.json().messages.map((m: { body: string }) => m.body)).toEqual(['', '']);
  });

  test('a WebM/Opus browser recording (Chromium) is stored as an Ogg/Opus voice note', async () => {
    const { ticket, api } = await setup();
    // Three seconds of tone recorded the way Chromium's MediaRecorder does: Opus in a WebM container.
    const tone = await generateTone('webm', ['-c:a', 'libopus', '-b:a', '32k']);
    const res = await send(api, ticket.id, [
      { name: 'medias', value: tone, filename: 'audio-record-site-1700000000.webm', type: 'audio/webm' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [note] = res.json().messages;
    expect(note).toMatchObject({ mediaType: 'audio', mediaName: 'audio-record-site-1700000000.ogg' });
    expect(note.mediaUrl).toMatch(/\.ogg$/);
    expect(readFileSync(onDisk(note.mediaUrl)).subarray(0, 4).toString()).toBe('OggS');
  });

  test('private files are marked and stay in the product', async () => {
    const { admin, ticket, api } = await setup();
    const res = await send(api, ticket.id, [
      { name: 'isPrivate', value: 'true' },
      { name: 'medias', value: png(), filename: 'print.png' },
    ]);
    expect(res.json().messages[0]).toMatchObject({ isPrivate: true, body: `*${admin.name} - Mensagem Privada*` });
    await t.jobs.drain();
    expect((await ticketMessages(ticket.id))[0].externalId).toBeNull();
  });

  test('no file, a non-numeric ticket, a closed ticket, another company: refused', async () => {
    const { ticket, api } = await setup();
    const none = await send(api, ticket.id, [{ name: 'body', value: 'sem arquivo' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields[0]).toMatchObject({ field: 'medias', key: 'validation.required' });

    const badId = await send(api, 'x1', [{ name: 'medias', value: png(), filename: 'a.png' }]);
    expect(badId.json().fields[0].message).toBe('ID do Ticket inválido.');

    const admin = await t.factory.admin();
    const closed = await mf().ticket(admin.companyId, { status: 'closed' });
    expect((await send(await t.as(admin), closed.id, [{ name: 'medias', value: png(), filename: 'a.png' }])).statusCode).toBe(403);
    expect((await send(await t.as(admin), ticket.id, [{ name: 'medias', value: png(), filename: 'a.png' }])).statusCode).toBe(404);
  });
});
