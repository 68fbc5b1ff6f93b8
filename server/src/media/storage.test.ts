import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { companyFolder, fsMediaStorage, type MediaStorage, s3MediaStorage } from './index';

const root = mkdtempSync(path.join(os.tmpdir(), 'chatflow-media-'));
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  rmSync(root, { recursive: true, force: true });
});

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** The driver contract: both drivers answer every call of the module the same way. */
const drivers: [string, () => MediaStorage][] = [
  ['fs', () => fsMediaStorage(path.join(root, 'public'))],
  ['s3', () => s3MediaStorage(s3.config, path.join(root, 'cache'))],
];

describe.each(drivers)('the %s driver', (_driver, make) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = make();
  });

  describe('put', () => {
    test('writes the bytes under the folder with a random name and answers the /public url', async () => {
      const folder = companyFolder(7, 'media');
      const a = await storage.put(folder, png, 'png');
      const b = await storage.put(folder, png, 'png');
      expect(a.key).toMatch(/^company7\/media\/[a-f0-9]{32}\.png$/);
      expect(a.url).toBe(`/public/${a.key}`);
      expect(b.key).not.toBe(a.key);
      expect(await storage.exists(a.key)).toBe(true);
      expect(await storage.read(a.key)).toEqual(png);
    });

    test('markup and script are stored as .txt; an inert SVG stays .svg, one with a script does not', async () => {
      for (const ext of ['html', 'XML', 'js', 'xhtml', 'mjs']) {
        expect((await storage.put('logos', Buffer.from('<html><script>alert(1)</script></html>'), ext)).key).toMatch(/\.txt$/);
      }
      const inert = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
      expect((await storage.put('logos', inert, 'svg')).key).toMatch(/\.svg$/);
      const active = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
      expect((await storage.put('logos', active, 'svg')).key).toMatch(/\.txt$/);
    });

    test('an extension is cleaned to letters and digits, and a folder must come from code', async () => {
      expect((await storage.put('logos', png, '../../x')).key).toMatch(/^logos\/[a-f0-9]{32}\.x$/);
      expect((await storage.put('logos', png, '')).key).toMatch(/\.bin$/);
      await expect(storage.put('../outside', png, 'png')).rejects.toThrow();
      await expect(storage.put('company1/../../etc', png, 'png')).rejects.toThrow();
      expect(existsSync(path.join(root, 'outside'))).toBe(false);
    });
  });

  describe('keyOf and remove', () => {
    test('a url resolves to its key only inside the named folder', async () => {
      const { key, url } = await storage.put(companyFolder(3, 'users'), png, 'webp');
      expect(storage.keyOf(url, companyFolder(3, 'users'))).toBe(key);
      expect(storage.keyOf(url, companyFolder(3))).toBe(key);
      expect(storage.keyOf(url)).toBe(key);
      expect(storage.keyOf(url, companyFolder(4))).toBeNull();
      expect(storage.keyOf(url, companyFolder(3, 'media'))).toBeNull();
      for (const foreign of [
        null,
        '',
        'https://example.com/a.png',
        '/public/company3/../company4/x.png',
        '/public/company3/%2e%2e/x.png',
        '/etc/passwd',
      ]) {
        expect(storage.keyOf(foreign, companyFolder(3))).toBeNull();
      }
    });

    test('removes a file it wrote; a foreign value, another folder or a name it did not write removes nothing', async () => {
      const folder = companyFolder(5, 'quickMessage');
      const mine = await storage.put(folder, png, 'png');
      const other = await storage.put(companyFolder(6, 'quickMessage'), png, 'png');
      const kept = await storage.put(folder, png, 'png');

      await storage.remove(other.url, folder);
      await storage.remove('/public/company5/quickMessage/kept.png', folder);
      await storage.remove('/public/company5/quickMessage/../../company6/quickMessage/x.png', folder);
      await storage.remove(null, folder);
      expect(await storage.exists(other.key)).toBe(true);
      expect(await storage.exists(kept.key)).toBe(true);

      await storage.remove(mine.url, folder);
      expect(await storage.exists(mine.key)).toBe(false);
      expect(await storage.read(mine.key)).toBeNull();
      await storage.remove(mine.url, folder); // already gone: nothing happens
    });

    test("a folder's usage counts its bytes and files, zeros when empty; keys() lists what was stored", async () => {
      const folder = companyFolder(9, 'media');
      expect(await storage.usage(folder)).toEqual({ bytes: 0, files: 0, lastModified: null });
      const a = await storage.put(folder, png, 'png');
      const b = await storage.put(companyFolder(9, 'users'), Buffer.from('hello'), 'txt');
      const usage = await storage.usage(companyFolder(9));
      expect(usage).toMatchObject({ bytes: png.length + 5, files: 2 });
      expect(usage.lastModified).toBeInstanceOf(Date);
      const keys: string[] = [];
      for await (const key of storage.keys()) keys.push(key);
      expect(keys).toEqual(expect.arrayContaining([a.key, b.key]));
    });

    test('a local file holds the bytes and maps back to its url; a path elsewhere or a missing object is null', async () => {
      const { key, url } = await storage.put(companyFolder(8, 'media'), png, 'png');
      const file = await storage.localFile(key);
      expect(file && readFileSync(file)).toEqual(png);
      expect(await storage.localFile(key)).toBe(file); // the bucket's copy is fetched once
      expect(storage.urlOfLocalPath(file as string)).toBe(url);
      expect(storage.urlOfLocalPath(path.join(root, 'elsewhere.png'))).toBeNull();
      expect(await storage.localFile('company8/media/00000000000000000000000000000000.png')).toBeNull();
    });
  });
});
