import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import PromptModal from './PromptModal';
import { promptView } from './testing';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));

const onClose = vi.fn();
const PROMPT_TEXT = 'Você é o assistente da Padaria Pão Quente. Responda com educação e em poucas frases.';
const stored = promptView({ prompt: PROMPT_TEXT });

describe('PromptModal', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockResolvedValue([{ id: 1, name: 'Vendas', color: '#00ff00' }]);
  });

  test('spec defaults (texto, 100, 1, 10); without a queue "Informe o setor", and the other rules', async () => {
    renderWithProviders(<PromptModal record={null} onClose={onClose} />);
    expect(screen.getByTestId('prompt-maxTokens')).toHaveValue(100);
    expect(screen.getByTestId('prompt-temperature')).toHaveValue(1);
    expect(screen.getByTestId('prompt-maxMessages')).toHaveValue(10);
    expect(screen.getByRole('combobox', { name: /Voz/ })).toHaveTextContent('Texto');
    await userEvent.type(screen.getByTestId('prompt-name'), 'Ana');
    await userEvent.type(screen.getByTestId('prompt-prompt'), 'curto');
    await userEvent.click(screen.getByTestId('prompt-save'));
    expect(await screen.findByText('Informe o setor')).toBeInTheDocument();
    expect(screen.getByText('Muito curto!')).toBeInTheDocument();
    expect(screen.getByText('O prompt deve ter pelo menos 50 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Obrigatório')).toBeInTheDocument(); // the API key
    expect(api.post).not.toHaveBeenCalled();
  });

  test('saves a new prompt with its queue; the key field shows and hides; an edit may leave the key empty', async () => {
    api.post.mockResolvedValue(stored);
    api.put.mockResolvedValue(stored);
    const { unmount } = renderWithProviders(<PromptModal record={null} onClose={onClose} />);
    await userEvent.type(screen.getByTestId('prompt-name'), 'Assistente padaria');
    const key = screen.getByLabelText(/API Key/);
    expect(key).toHaveAttribute('type', 'password');
    await userEvent.type(key, 'sk-123');
    fireEvent.click(screen.getByRole('button', { name: 'show password' }));
    expect(key).toHaveAttribute('type', 'text');
    fireEvent.change(screen.getByTestId('prompt-prompt'), { target: { value: PROMPT_TEXT } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Setor/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vendas' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Voz/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Francisca' }));
    await userEvent.click(screen.getByTestId('prompt-save'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post.mock.calls[0]).toEqual([
      '/prompt',
      expect.objectContaining({ name: 'Assistente padaria', apiKey: 'sk-123', queueId: 1, voice: 'pt-BR-FranciscaNeural', maxTokens: 100 }),
    ]);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Prompt salvo com sucesso!'));
    unmount();

    renderWithProviders(<PromptModal record={{ ...stored }} onClose={onClose} />);
    expect(screen.getByLabelText(/API Key/)).toHaveValue('');
    expect(screen.getByText('Uma chave já está salva. Deixe em branco para mantê-la.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('prompt-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put.mock.calls[0]).toEqual(['/prompt/3', expect.objectContaining({ apiKey: '', queueId: 1 })]);
  });
});
