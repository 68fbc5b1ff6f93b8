import { MIN_RECORDING_BYTES } from '@chatflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render';
import { conversationKeys } from '../keys';
import { agent, message, ticket } from '../testing';
import { MessageInput } from './MessageInput';

// Every kind of reply, not only text, asks before going out seconds after another agent answered the customer.

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => ({ user: agent() }) }));
const mocked = vi.mocked(api);
const JOANA = 77;

/** The input of ticket 10 with Joana's reply, `seconds` old, among the loaded messages. */
function inputAfterJoanaReplied(seconds: number) {
  const rendered = renderWithProviders(<MessageInput ticket={ticket()} replyTo={null} onClearReply={() => {}} />);
  const joana = message({
    id: 5,
    fromMe: true,
    userId: JOANA,
    body: 'Já te ajudo',
    createdAt: new Date(Date.now() - seconds * 1000).toISOString(),
  });
  rendered.client.setQueryData(conversationKeys.messages('u-10'), { pages: [{ messages: [joana], hasMore: false }], pageParams: [null] });
  return rendered;
}

const collisionDialog = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Outro atendente respondeu' });
  expect(dialog).toHaveTextContent('Outro atendente respondeu há 12 segundos. Enviar mesmo assim?');
  return dialog;
};
const answer = async (button: 'Cancelar' | 'Enviar') => {
  await userEvent.click(within(await collisionDialog()).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Outro atendente respondeu' })).toBeNull());
};
const sentForms = () => mocked.post.mock.calls.filter(([path]) => path === '/messages/10').map(([, body]) => body as FormData);

/** A MediaRecorder whose recordings are just long enough to be kept. */
class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'audio/ogg;codecs=opus';
  mimeType = 'audio/ogg;codecs=opus';
  stream = { getTracks: () => [{ stop: () => {} }] };
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {}
  stop() {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(MIN_RECORDING_BYTES)], { type: this.mimeType }) });
    this.onstop?.();
  }
}

beforeEach(() => {
  // The clock stands still (timers do not), so "há 12 segundos" stays 12 however slow the machine is.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T12:00:00Z'));
  vi.clearAllMocks();
  localStorage.clear();
  mocked.post.mockResolvedValue({ messages: [] });
  mocked.get.mockResolvedValue([]);
  globalThis.URL.createObjectURL ??= () => 'blob:x';
  globalThis.URL.revokeObjectURL ??= () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('collision warning on every kind of reply', { timeout: 20_000 }, () => {
  test('files with a caption: Cancelar keeps the preview and its caption, Enviar sends them', async () => {
    inputAfterJoanaReplied(12);
    await userEvent.upload(screen.getByTestId('input-media'), [new File(['aaa'], 'foto.png', { type: 'image/png' })]);
    await userEvent.type(await screen.findByLabelText('Legenda'), 'segue a foto');
    await userEvent.click(screen.getByTestId('media-send'));
    await answer('Cancelar');
    expect(sentForms()).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Enviar arquivos' })).toBeInTheDocument();
    expect(screen.getByLabelText('Legenda')).toHaveValue('segue a foto');

    await userEvent.click(screen.getByTestId('media-send'));
    await answer('Enviar');
    await waitFor(() => expect(sentForms()).toHaveLength(1));
    expect(sentForms()[0].getAll('body')).toEqual(['segue a foto']);
    expect((sentForms()[0].getAll('medias') as File[]).map((f) => f.name)).toEqual(['foto.png']);
  });

  test('an audio recording: Cancelar drops it and the mic is back, Enviar sends the next one', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: async () => ({}) } });
    inputAfterJoanaReplied(12);
    const record = async () => {
      await userEvent.click(screen.getByTestId('record-start'));
      await userEvent.click(await screen.findByRole('button', { name: 'Enviar áudio' }));
    };

    await record();
    await answer('Cancelar');
    expect(await screen.findByTestId('record-start')).toBeInTheDocument();
    expect(sentForms()).toEqual([]);

    await record();
    await answer('Enviar');
    await waitFor(() => expect(sentForms()).toHaveLength(1));
    const [audio] = sentForms()[0].getAll('medias') as File[];
    expect(audio.name).toMatch(/^audio-record-\d+\.ogg$/);
    expect(await screen.findByTestId('record-start')).toBeInTheDocument();
  });

  test('a quick message with media: Cancelar sends nothing, Enviar sends its file with its text as caption', async () => {
    mocked.get.mockResolvedValue([
      {
        id: 1,
        companyId: 2,
        userId: null,
        shortcode: 'catalogo',
        message: 'Nosso catálogo',
        mediaPath: 'catalogo.pdf',
        mediaName: 'catalogo.pdf',
        geral: true,
        visao: true,
      },
    ]);
    const fetched = vi.fn(async () => ({ ok: true, blob: async () => new Blob(['%PDF'], { type: 'application/pdf' }) }));
    vi.stubGlobal('fetch', fetched);
    inputAfterJoanaReplied(12);
    const pick = async () => {
      await userEvent.type(screen.getByTestId('message-text'), '/cat');
      await userEvent.click(await screen.findByText('/catalogo'));
    };

    await pick();
    await answer('Cancelar');
    expect(sentForms()).toEqual([]);
    expect(fetched).not.toHaveBeenCalled();

    await pick();
    await answer('Enviar');
    await waitFor(() => expect(sentForms()).toHaveLength(1));
    expect(sentForms()[0].getAll('body')).toEqual(['Nosso catálogo']);
    expect((sentForms()[0].getAll('medias') as File[]).map((f) => f.name)).toEqual(['catalogo.pdf']);
  });

  test('the video meeting link asks too; Enviar sends it', async () => {
    inputAfterJoanaReplied(12);
    await userEvent.click(screen.getByTestId('attach'));
    await userEvent.click(await screen.findByTestId('attach-meeting'));
    await answer('Enviar');
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith('/messages/10', expect.objectContaining({ body: 'https://meet.jit.si/u-10' })),
    );
  });

  test('files sent 31 s after the other reply go at once', async () => {
    inputAfterJoanaReplied(31);
    await userEvent.upload(screen.getByTestId('input-media'), [new File(['aaa'], 'foto.png', { type: 'image/png' })]);
    await userEvent.click(await screen.findByTestId('media-send'));
    await waitFor(() => expect(sentForms()).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Outro atendente respondeu' })).toBeNull();
  });

  test('a private note of files never asks, however recent the other reply', async () => {
    inputAfterJoanaReplied(2);
    await userEvent.click(screen.getByTestId('private-toggle'));
    await userEvent.upload(screen.getByTestId('input-media'), [new File(['aaa'], 'nota.png', { type: 'image/png' })]);
    await userEvent.click(await screen.findByTestId('media-send'));
    await waitFor(() => expect(sentForms()).toHaveLength(1));
    expect(sentForms()[0].get('isPrivate')).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Outro atendente respondeu' })).toBeNull();
  });
});
