import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { withoutStoredSecrets } from '../node-secrets';
import { OpenAiDialog } from './OpenAiDialog';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

const onSave = vi.fn();
const stored = { name: 'Assistente', prompt: 'Você é um atendente.', voice: 'texto', hasApiKey: true, hasVoiceKey: true };

describe('OpenAI node keys are write-only', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockResolvedValue([]);
  });

  test('a node whose key the server holds says so, may be saved with the key empty, and keeps its flag', async () => {
    renderWithProviders(<OpenAiDialog data={stored} onSave={onSave} onClose={vi.fn()} />);
    expect(screen.getByTestId('openai-api-key')).toHaveValue('');
    expect(screen.getAllByText('Uma chave já está salva. Deixe em branco para mantê-la.')).toHaveLength(2);
    await userEvent.click(screen.getByTestId('node-dialog-submit'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0][0];
    expect(saved).toMatchObject({ name: 'Assistente', hasApiKey: true, hasVoiceKey: true });
    expect(saved).not.toHaveProperty('apiKey');
    expect(saved).not.toHaveProperty('voiceKey');
  });

  test('a key typed now replaces the stored one (sent, the flag dropped)', async () => {
    renderWithProviders(<OpenAiDialog data={stored} onSave={onSave} onClose={vi.fn()} />);
    await userEvent.type(screen.getByTestId('openai-api-key'), 'sk-nova');
    await userEvent.click(screen.getByTestId('node-dialog-submit'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ apiKey: 'sk-nova', hasVoiceKey: true });
    expect(onSave.mock.calls[0][0]).not.toHaveProperty('hasApiKey');
  });

  test('a duplicate does not claim the original stored key; a key typed in this session goes with it', () => {
    expect(withoutStoredSecrets('openai', stored)).not.toHaveProperty('hasApiKey');
    expect(withoutStoredSecrets('openai', { ...stored, apiKey: 'sk-digitada' })).toMatchObject({ apiKey: 'sk-digitada' });
    expect(withoutStoredSecrets('message', { label: 'Oi', hasApiKey: true })).toEqual({ label: 'Oi', hasApiKey: true });
  });
});
