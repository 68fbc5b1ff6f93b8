import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import IntegrationDialog from './IntegrationDialog';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));

const onClose = vi.fn();
const saved = {
  id: 7,
  type: 'webhook',
  name: 'Meu webhook',
  projectName: '',
  hasJsonContent: false,
  language: 'pt-BR',
  urlN8N: 'https://hooks.example.com/chat',
  typebotSlug: '',
  typebotDelayMessage: 1000,
  typebotExpires: 1,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
  createdAt: '',
  updatedAt: '',
} as const;

async function chooseType(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Tipo/ }));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(label) }));
}

describe('IntegrationDialog', { timeout: 30_000 }, () => {
  beforeEach(() => vi.clearAllMocks());

  test('starts as Typebot with its defaults (1000 ms, 1 minute) and asks for name, url and slug', async () => {
    renderWithProviders(<IntegrationDialog record={null} onClose={onClose} />);
    expect(screen.getByTestId('integration-typebotDelayMessage')).toHaveValue(1000);
    expect(screen.getByTestId('integration-typebotExpires')).toHaveValue(1);
    await userEvent.click(screen.getByTestId('integration-save'));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(3);
    expect(api.post).not.toHaveBeenCalled();
  });

  test('a webhook shows only its url; saving posts the record, and an edit makes a new signing secret shown once', async () => {
    api.post.mockResolvedValue(saved);
    const { unmount } = renderWithProviders(<IntegrationDialog record={null} onClose={onClose} />);
    await chooseType('Webhook');
    expect(screen.queryByTestId('integration-typebotSlug')).not.toBeInTheDocument();
    expect(screen.getByText(/O segredo de assinatura é gerado ao salvar/)).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('integration-name'), 'Meu webhook');
    await userEvent.type(screen.getByTestId('integration-urlN8N'), 'https://hooks.example.com/chat');
    await userEvent.click(screen.getByTestId('integration-save'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post.mock.calls[0][0]).toBe('/queueIntegration');
    expect(api.post.mock.calls[0][1]).toMatchObject({ type: 'webhook', name: 'Meu webhook', urlN8N: 'https://hooks.example.com/chat' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    unmount();

    renderWithProviders(<IntegrationDialog record={{ ...saved }} onClose={onClose} />);
    expect(screen.queryByTestId('integration-secret')).not.toBeInTheDocument();
    api.post.mockResolvedValue({ signingSecret: 'a'.repeat(64) });
    await userEvent.click(screen.getByTestId('integration-renew-secret'));
    expect(api.post).toHaveBeenLastCalledWith('/queueIntegration/7/signingSecret');
    expect(await screen.findByTestId('integration-secret')).toHaveValue('a'.repeat(64));
  });

  test('dialogflow edit: the stored key is never shown, may stay empty, and the test session names the integration', async () => {
    api.put.mockResolvedValue(saved);
    api.post.mockResolvedValue({ intent: 'Oi', fulfillmentText: 'Olá!' });
    const record = { ...saved, type: 'dialogflow', projectName: 'agente', hasJsonContent: true } as const;
    renderWithProviders(<IntegrationDialog record={record} onClose={onClose} />);
    expect(screen.getByTestId('integration-jsonContent')).toHaveValue('');
    expect(screen.getByText('Uma chave já está salva. Deixe em branco para mantê-la.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('integration-test'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/queueIntegration/testSession', {
        id: 7,
        projectName: 'agente',
        jsonContent: '',
        language: 'pt-BR',
      }),
    );
    await userEvent.click(screen.getByTestId('integration-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/queueIntegration/7', expect.objectContaining({ jsonContent: '' })));
  });

  test('dialogflow: project, key and language, and the test session calls the server with them', async () => {
    api.post.mockResolvedValue({ intent: 'Oi', fulfillmentText: 'Olá! Como posso ajudar?' });
    renderWithProviders(<IntegrationDialog record={null} onClose={onClose} />);
    await chooseType('DialogFlow');
    await userEvent.type(screen.getByTestId('integration-projectName'), 'agente');
    fireEvent.change(screen.getByTestId('integration-jsonContent'), { target: { value: '{"client_email":"a@b.c","private_key":"k"}' } });
    await userEvent.click(screen.getByTestId('integration-test'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/queueIntegration/testSession', {
        id: undefined,
        projectName: 'agente',
        jsonContent: '{"client_email":"a@b.c","private_key":"k"}',
        language: 'pt-BR',
      }),
    );
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Sessão de teste respondeu: Olá! Como posso ajudar?'));
  });
});
