import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { api } from './api';
import { errorMessage } from './errors';

/** What the shared error toast says for a request that failed with `body` (spec 1 §8, spec 2 §8). */
async function toastFor(body: string, contentType: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status: 400, headers: { 'content-type': contentType } })),
  );
  return errorMessage(await api.get('/anything').catch((err: unknown) => err));
}

describe('the error toast', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a plain-string error body as it is, as JSON or as text', async () => {
    expect(await toastFor('"Número de telefone inválido"', 'application/json')).toBe('Número de telefone inválido');
    expect(await toastFor('Limite de conexões atingido', 'text/plain')).toBe('Limite de conexões atingido');
  });

  it('translates a known code, shows an unknown one raw, and says "Ocorreu um erro!" for an HTML page or nothing', async () => {
    expect(await toastFor(JSON.stringify({ error: 'ERR_NO_PERMISSION' }), 'application/json')).not.toBe('ERR_NO_PERMISSION');
    expect(await toastFor(JSON.stringify({ error: 'ERR_SOMETHING_NEW' }), 'application/json')).toBe('ERR_SOMETHING_NEW');
    expect(await toastFor('<html><body>502 Bad Gateway</body></html>', 'text/html')).toBe('Ocorreu um erro!');
    expect(await toastFor('', 'text/plain')).toBe('Ocorreu um erro!');
  });
});
