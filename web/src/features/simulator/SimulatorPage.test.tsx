import type { ConnectionView, SimulatorMessageView } from '@chatflow/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import SimulatorPage from './SimulatorPage';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

const connection = { id: 7, name: 'Simulador Loja', status: 'CONNECTED', provider: 'simulator' } as ConnectionView;
const message = (over: Partial<SimulatorMessageView>): SimulatorMessageView => ({
  id: 'X',
  fromCustomer: true,
  type: 'text',
  body: '',
  mediaUrl: null,
  mediaName: null,
  ack: 1,
  isEdited: false,
  isDeleted: false,
  createdAt: '2025-01-10T12:00:00.000Z',
  ...over,
});

let conversation: SimulatorMessageView[] = [];

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/simulator/:connectionId" element={<SimulatorPage />} />
    </Routes>,
    { route: '/simulator/7' },
  );
}

describe('SimulatorPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
    localStorage.setItem('simulator:7', JSON.stringify({ number: '5511999990001', name: 'Ana' }));
    conversation = [];
    api.get.mockImplementation(async (path: string, query?: Record<string, string>) => {
      if (path === '/whatsapp/7') return connection;
      if (path === '/simulator/7/messages') return { number: query?.number, messages: conversation };
      throw new Error(`unexpected GET ${path}`);
    });
    api.post.mockImplementation(async (_path: string, body: { body?: string }) => {
      conversation = [...conversation, message({ id: `m${conversation.length}`, body: body.body ?? '' })];
      return { id: 'm', ticketId: 1, messageId: 1 };
    });
  });

  test('shows the connection and the conversation: the customer on the right with its state, replies on the left', async () => {
    conversation = [
      message({ id: 'a', body: 'Olá, quero um orçamento' }),
      message({ id: 'b', fromCustomer: false, body: 'Claro! Qual produto?', ack: 3 }),
      message({ id: 'c', fromCustomer: false, type: 'contact', body: 'BEGIN:VCARD\nFN:Vendedor João\nEND:VCARD' }),
      message({ id: 'd', body: 'segredo', isDeleted: true }),
    ];
    renderPage();
    expect(await screen.findByText('Simulador Loja')).toBeInTheDocument();
    expect(await screen.findByText('Olá, quero um orçamento')).toBeInTheDocument();
    expect(screen.getAllByTestId('sent-message')).toHaveLength(2);
    expect(screen.getAllByTestId('received-message')).toHaveLength(2);
    expect(screen.getByText('Claro! Qual produto?')).toBeInTheDocument();
    expect(screen.getByText('Vendedor João')).toBeInTheDocument();
    expect(screen.getByText('Mensagem apagada')).toBeInTheDocument();
    expect(screen.queryByText('segredo')).toBeNull();
    expect(screen.getAllByLabelText('Enviada')).toHaveLength(2);
    expect(api.get).toHaveBeenCalledWith('/simulator/7/messages', { number: '5511999990001' });
  });

  test("a bot menu shows WhatsApp's marks as a phone does: *[ 1 ]* in bold, markup never as HTML", async () => {
    conversation = [message({ id: 'm', fromCustomer: false, body: 'Escolha:\n*[ 1 ]* - Comercial <b>x</b>' })];
    renderPage();
    const bold = await screen.findByText('[ 1 ]');
    expect(bold.tagName).toBe('STRONG');
    expect(screen.getByTestId('received-message').textContent).toContain('- Comercial <b>x</b>');
  });

  test('typing a message and pressing Enter sends it as the customer; empty text is not sent', async () => {
    renderPage();
    const input = await screen.findByLabelText('Mensagem');
    await waitFor(() => expect(input).toBeEnabled());
    await userEvent.type(input, '   {Enter}');
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, 'Bom dia!{Enter}');
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/simulator/7/messages', {
        from: '5511999990001',
        name: 'Ana',
        type: 'text',
        body: 'Bom dia!',
      }),
    );
    expect(await screen.findByText('Bom dia!')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  test('a picked image goes inline as a data URL with the typed caption', async () => {
    renderPage();
    const input = await screen.findByLabelText('Mensagem');
    await waitFor(() => expect(input).toBeEnabled());
    await userEvent.type(input, 'minha foto');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'foto.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('simulator-file'), file);
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    const [, body] = api.post.mock.calls[0];
    expect(body).toMatchObject({ from: '5511999990001', type: 'image', fileName: 'foto.png', body: 'minha foto' });
    expect(body.mediaUrl).toMatch(/^data:image\/png;base64,/);
  });

  test('an invalid number disables the phone and is not queried', async () => {
    localStorage.setItem('simulator:7', JSON.stringify({ number: '123', name: '' }));
    renderPage();
    expect(await screen.findByText('De 8 a 20 dígitos')).toBeInTheDocument();
    expect(screen.getByLabelText('Mensagem')).toBeDisabled();
    expect(api.get).not.toHaveBeenCalledWith('/simulator/7/messages', expect.anything());
  });
});
