import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { companyFolder, fsMediaStorage } from './index';

const root = mkdtempSync(path.join(os.tmpdir(), 'chatflow-media-'));
const storage = fsMediaStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('put', () => {
  test('writes the bytes under the folder with a random name and answers the /public url', async () => {
    const folder = companyFolder(7, 'media');
    const a = await storage.put(folder, png, 'png');
    const b = await storage.put(folder, png, 'png');
    expect(a.key).toMatch(/^company7\/media\/[a-f0-9]{32}\.png$/);
    expect(a.url).toBe(`/public/${a.key}`);
    expect(b.key).not.toBe(a.key);
    expect(readFileSync(path.join(root, 'company7', 'media', path.basename(a.key)))).toEqual(png);
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
    expect(existsSync(path.join(root, '..', 'outside'))).toBe(false);
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
    writeFileSync(path.join(root, 'company5', 'quickMessage', 'kept.png'), png);

    await storage.remove(other.url, folder);
    await storage.remove('/public/company5/quickMessage/kept.png', folder);
    await storage.remove('/public/company5/quickMessage/../../company6/quickMessage/x.png', folder);
    await storage.remove(null, folder);
    expect(await storage.exists(other.key)).toBe(true);
    expect(readdirSync(path.join(root, 'company5', 'quickMessage')).sort()).toEqual([path.basename(mine.key), 'kept.png'].sort());

    await storage.remove(mine.url, folder);
    expect(await storage.exists(mine.key)).toBe(false);
    expect(await storage.read(mine.key)).toBeNull();
    await storage.remove(mine.url, folder); // already gone: nothing happens
  });

  test('a file on disk maps back to its url only inside the storage root', async () => {
    const { key, url } = await storage.put(companyFolder(8, 'media'), png, 'png');
    expect(storage.urlOfLocalPath(storage.localPath(key))).toBe(url);
    expect(storage.urlOfLocalPath(path.join(root, '..', 'elsewhere.png'))).toBeNull();
    expect(storage.urlOfLocalPath(root)).toBeNull();
  });
});
