import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeSessionUser } from '../../test/session-user';
import { makeTicket } from '../../test/ticket-view';
import { KeyboardLayer } from './KeyboardLayer';

const auth = vi.hoisted(() => ({ user: null as unknown, subscriptionValid: true }));
const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../lib/api', async (original) => ({ ...(await original<typeof import('../../lib/api')>()), api }));

const contact = { ...makeTicket(21).contact, name: 'Maria Souza', number: '5511988887777', tags: [] };

// jsdom lays nothing out: the bar scrolls the highlighted row into view.
Element.prototype.scrollIntoView = () => {};

function Location() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderLayer() {
  return renderWithProviders(
    <>
      <input aria-label="reply" />
      <KeyboardLayer />
      <Location />
    </>,
    { route: '/tickets' },
  );
}

describe('the command bar', { timeout: 20_000 }, () => {
  beforeEach(() => {
    auth.user = makeSessionUser({ profile: 'admin' });
    api.get.mockReset();
    api.get.mockImplementation(async (path: string, q?: { searchParam?: string }) => {
      if (path === '/helps/list') return [];
      if (path === '/tickets/42') return makeTicket(42, { contact: { ...makeTicket(42).contact, name: 'Quarenta' } });
      if (path === '/tickets')
        return { tickets: q?.searchParam === 'maria' ? [makeTicket(20, { contact })] : [], hasMore: false, count: 0 };
      if (path === '/contacts') return { contacts: q?.searchParam === 'maria' ? [contact] : [], hasMore: false, count: 0 };
      throw new Error(`unexpected GET ${path}`);
    });
  });

  test('Ctrl+K opens it from anywhere, a screen is found by its name and Enter goes there', async () => {
    renderLayer();
    await userEvent.click(screen.getByLabelText('reply'));
    await userEvent.keyboard('{Control>}k{/Control}');
    const input = await screen.findByTestId('command-bar-input');
    expect(input).toHaveFocus();
    await userEvent.type(input, 'usuarios');
    expect(screen.getByTestId('command-screen-users')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/users');
    await waitFor(() => expect(screen.queryByTestId('command-bar')).toBeNull());
  });

  test('a user profile is offered only the screens the drawer shows it', async () => {
    auth.user = makeSessionUser();
    renderLayer();
    await userEvent.keyboard('{Control>}k{/Control}');
    await userEvent.type(await screen.findByTestId('command-bar-input'), 'usuarios');
    expect(screen.queryByTestId('command-screen-users')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('command-bar-empty')).toHaveTextContent('Nada encontrado'));
  });

  test('tickets and contacts from the server; the arrow keys walk them and Enter opens the ticket', async () => {
    renderLayer();
    await userEvent.keyboard('{Control>}k{/Control}');
    await userEvent.type(await screen.findByTestId('command-bar-input'), 'maria');
    expect(await screen.findByTestId('command-ticket-20')).toHaveTextContent('#20 · Maria Souza');
    expect(screen.getByTestId('command-contact-21')).toHaveTextContent('Maria Souza');
    expect(api.get).toHaveBeenCalledWith('/tickets', expect.objectContaining({ searchParam: 'maria' }));
    // The first row is highlighted; ArrowDown to the contact, ArrowUp back (and around) to the ticket.
    expect(screen.getByTestId('command-ticket-20')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByTestId('command-contact-21')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByTestId('command-ticket-20')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/tickets/uuid-20');
  });

  test('a ticket number finds that ticket; Esc closes the bar', async () => {
    renderLayer();
    await userEvent.keyboard('{Control>}k{/Control}');
    await userEvent.type(await screen.findByTestId('command-bar-input'), '#42');
    expect(await screen.findByTestId('command-ticket-42')).toHaveTextContent('#42 · Quarenta');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('command-bar')).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent('/tickets');
  });
});

describe('the shortcuts help', { timeout: 20_000 }, () => {
  beforeEach(() => {
    auth.user = makeSessionUser();
    api.get.mockResolvedValue([]);
  });

  test('? lists every shortcut; typed in a field it is only a character', async () => {
    renderLayer();
    await userEvent.type(screen.getByLabelText('reply'), '?');
    expect(screen.queryByTestId('shortcuts-help')).toBeNull();

    await userEvent.click(document.body);
    await userEvent.keyboard('?');
    const help = await screen.findByTestId('shortcuts-help');
    expect(help).toHaveTextContent('Atalhos de teclado');
    for (const text of [
      'Abrir a barra de comandos',
      'Aceitar o ticket aberto',
      'Resolver o ticket aberto',
      'Transferir o ticket aberto',
      'Próximo ticket da lista',
    ]) {
      expect(help).toHaveTextContent(text);
    }
    expect(help.querySelector('[data-shortcut="accept"] kbd')).toHaveTextContent('A');
    expect(help.querySelector('[data-shortcut="commandBar"]')).toHaveTextContent('CtrlK');
  });
});
