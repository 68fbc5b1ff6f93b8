import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import MessagesApiPage from './MessagesApiPage';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notify }));

describe('MessagesApiPage', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  test('documents the endpoint and the text test form sends JSON with the connection token as Bearer, without cookies', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Mensagem enviada', ticketId: 1, contactId: 2, messageIds: [3] }), { status: 200 }),
    );
    const user = userEvent.setup();
    renderWithProviders(<MessagesApiPage />);
    expect(screen.getAllByText(/\/api\/messages\/send/).length).toBeGreaterThan(0);
    await user.type(screen.getByTestId('text-token'), 'T'.repeat(30));
    await user.type(screen.getByTestId('text-number'), '5511999990000');
    await user.type(screen.getByTestId('text-body'), 'Olá');
    await user.click(screen.getByTestId('text-send'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Mensagem enviada com sucesso'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/messages/send');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { authorization: `Bearer ${'T'.repeat(30)}` } });
    expect(JSON.parse(init.body)).toEqual({ number: '5511999990000', body: 'Olá' });
  });

  test('a wrong token shows the translated 401 error', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: 'ERR_INVALID_TOKEN' }), { status: 401 }));
    const user = userEvent.setup();
    renderWithProviders(<MessagesApiPage />);
    await user.type(screen.getByTestId('text-token'), 'errado');
    await user.type(screen.getByTestId('text-number'), '5511999990000');
    await user.type(screen.getByTestId('text-body'), 'Olá');
    await user.click(screen.getByTestId('text-send'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Token inválido.', 'error', 2000));
  });
});
