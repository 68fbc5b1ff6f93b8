import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import type { Requester } from '../../test/harness';
import { useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { setGlobalSetting } from '../settings';

const t = useTestApp();

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
const upload = (api: Requester, id: number, file: Buffer, filename: string) =>
  api.inject({
    method: 'POST',
    url: `/quick-messages/${id}/media-upload`,
    ...multipart([
      { name: 'typeArch', value: 'quickMessage' },
      { name: 'file', value: file, filename, type: 'image/png' },
    ]),
  });
const onDisk = (url: string) => path.join(t.config.dataDir, url.replace(/^\//, ''));

async function ownMessage() {
  const owner = await t.factory.user();
  const api = await t.as(owner);
  const msg = (await api.post('/quick-messages', { shortcode: 'catalogo', message: 'Segue o catálogo' })).json();
  return { owner, api, msg };
}

describe('POST /quick-messages/:id/media-upload', () => {
  test('stores the file under a random name in the company folder; spaces in the name become underscores', async () => {
    const { owner, api, msg } = await ownMessage();
    const image = await png();
    const res = await upload(api, msg.id, image, 'foto do produto.png');
    expect(res.statusCode).toBe(200);
    const record = res.json();
    expect(record.mediaName).toBe('foto_do_produto.png');
    expect(record.mediaPath).toMatch(new RegExp(`^/public/company${owner.companyId}/quickMessage/[a-f0-9]{32}\\.png$`));
    expect(readFileSync(onDisk(record.mediaPath)).equals(image)).toBe(true);
    expect((await api.get(record.mediaPath)).statusCode).toBe(200); // served to the company's sessions
    expect(t.sent.findLast((e) => e.event === `company-${owner.companyId}-quickemessage`)?.payload).toMatchObject({
      action: 'update',
      record: { id: msg.id, mediaPath: record.mediaPath },
    });
  });

  test('the type comes from the bytes: text named .png, an executable and an SVG are refused; a real .txt and a PDF pass', async () => {
    const { api, msg } = await ownMessage();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(100)]);
    for (const [file, name] of [
      [Buffer.from('not an image'), 'x.png'],
      [elf, 'tool.pdf'],
      [svg, 'logo.svg'],
      [Buffer.alloc(0), 'empty.txt'],
    ] as const) {
      const res = await upload(api, msg.id, file, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_INVALID_FILE' });
    }
    expect((await upload(api, msg.id, Buffer.from('Tabela de preços\n'), 'precos.txt')).json().mediaPath).toMatch(/\.txt$/);
    expect((await upload(api, msg.id, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'doc.bin')).json().mediaPath).toMatch(
      /\.pdf$/,
    );
  });

  test('a new attachment replaces the old file; DELETE media-upload clears it and removes the file', async () => {
    const { api, msg } = await ownMessage();
    const first = (await upload(api, msg.id, await png(), 'a.png')).json().mediaPath;
    const second = (await upload(api, msg.id, await png(), 'b.png')).json().mediaPath;
    expect(existsSync(onDisk(first))).toBe(false);
    expect(existsSync(onDisk(second))).toBe(true);
    const cleared = await api.delete(`/quick-messages/${msg.id}/media-upload`);
    expect(cleared.json()).toMatchObject({ id: msg.id, mediaPath: null, mediaName: null, message: 'Segue o catálogo' });
    expect(existsSync(onDisk(second))).toBe(false);
  });

  test('deleting the message removes its attachment', async () => {
    const { api, msg } = await ownMessage();
    const media = (await upload(api, msg.id, await png(), 'a.png')).json().mediaPath;
    await api.delete(`/quick-messages/${msg.id}`);
    expect(existsSync(onDisk(media))).toBe(false);
  });

  test('over the download limit is 413 ERR_FILE_TOO_LARGE; no file is 400', async () => {
    const { api, msg } = await ownMessage();
    await setGlobalSetting(t.database.db, 'downloadLimit', '1');
    try {
      const res = await upload(api, msg.id, Buffer.concat([await png(), Buffer.alloc(1024 * 1024)]), 'big.png');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: 'ERR_FILE_TOO_LARGE', limitMb: 1 });
    } finally {
      await setGlobalSetting(t.database.db, 'downloadLimit', '64');
    }
    const noFile = await api.inject({
      method: 'POST',
      url: `/quick-messages/${msg.id}/media-upload`,
      ...multipart([{ name: 'typeArch', value: 'x' }]),
    });
    expect(noFile.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'file', key: 'validation.required', message: 'Obrigatório' }],
    });
    expect((await api.post(`/quick-messages/${msg.id}/media-upload`, { file: 'x' })).json()).toEqual({ error: 'ERR_INVALID_FILE' });
  });

  test('only someone who may edit the message may attach: others 403, another company 404, nothing stored', async () => {
    const { owner, msg } = await ownMessage();
    const colleague = await t.as(await t.factory.user({ companyId: owner.companyId }));
    expect((await upload(colleague, msg.id, await png(), 'a.png')).statusCode).toBe(403);
    expect((await colleague.delete(`/quick-messages/${msg.id}/media-upload`)).statusCode).toBe(403);
    const stranger = await t.factory.admin();
    expect((await upload(await t.as(stranger), msg.id, await png(), 'a.png')).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.dataDir, 'public', `company${owner.companyId}`, 'quickMessage'))).toBe(false);
  });
});
