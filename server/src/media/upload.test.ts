import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installErrorHandler } from '../http/errors';
import { readUpload, requireFile, type UploadLimits } from './index';

const app = Fastify({ logger: false });
let limits: UploadLimits = { maxBytes: 1024 };

beforeAll(async () => {
  installErrorHandler(app);
  await app.register(fastifyMultipart);
  app.post('/upload', async (req) => {
    const form = await readUpload(req, limits);
    const file = requireFile(form, limits.fileFields?.[0]);
    return { fields: form.fields, values: form.values, files: form.files.map((f) => ({ ...f, data: f.data.length })), first: file.field };
  });
  await app.ready();
});
afterAll(() => app.close());

/** Sends a FormData exactly as a browser encodes it. */
async function post(form: FormData) {
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  return app.inject({ method: 'POST', url: '/upload', payload, headers: { 'content-type': encoded.headers.get('content-type') ?? '' } });
}

const file = (bytes: number, name = 'a.bin') => new File([new Uint8Array(bytes).fill(65)], name);

describe('readUpload', () => {
  test('reads text fields (last value and every value) and the file with a display-safe name', async () => {
    limits = { maxBytes: 1024, maxFiles: 2, fileFields: ['medias'] };
    const form = new FormData();
    form.append('body', 'one');
    form.append('body', 'two');
    form.append('medias', file(10, '../../etc/pass<wd>.txt')); // multipart drops the folders
    form.append('other', file(10)); // a file field the form does not have
    const res = await post(form);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fields: { body: 'two' },
      values: { body: ['one', 'two'] },
      files: [{ field: 'medias', fileName: 'passwd.txt', sentName: 'pass<wd>.txt', data: 10 }],
      first: 'medias',
    });
  });

  test('a file over the limit is 413 ERR_FILE_TOO_LARGE with the limit in MB', async () => {
    limits = { maxBytes: 512 * 1024 };
    const form = new FormData();
    form.append('file', file(512 * 1024 + 1));
    const res = await post(form);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'ERR_FILE_TOO_LARGE', limitMb: 0.5 });
  });

  test('more files than the form takes is a validation error on the file field', async () => {
    limits = { maxBytes: 1024, maxFiles: 1, fileFields: ['medias'] };
    const form = new FormData();
    form.append('medias', file(5));
    form.append('medias', file(5));
    const res = await post(form);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'medias', key: 'validation.tooLong' })]);
  });

  test('no file is a validation error; a body that is not multipart is 400 ERR_INVALID_FILE', async () => {
    limits = { maxBytes: 1024, fileFields: ['profileImage'] };
    const form = new FormData();
    form.append('userId', '1');
    const missing = await post(form);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([expect.objectContaining({ field: 'profileImage', key: 'validation.required' })]);

    const json = await app.inject({ method: 'POST', url: '/upload', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: 'ERR_INVALID_FILE' });
  });
});
