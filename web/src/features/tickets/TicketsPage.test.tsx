import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { makeUser } from './testing';
import TicketsPage from './TicketsPage';

vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => ({ user: makeUser() }) }));
vi.mock('../../app/providers/AppearanceProvider', () => ({ useAppearance: () => ({ appName: 'Chat-flow', logo: '/logo.svg' }) }));
vi.mock('./components/TicketsManager', () => ({ TicketsManager: () => <div data-testid="manager" /> }));

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/tickets/:uuid?', element: <TicketsPage /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('TicketsPage', () => {
  test('a literal "undefined" uuid shows nothing and goes back to /tickets', async () => {
    const router = renderAt('/tickets/undefined');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    // jsdom matches no media query, so this is the narrow layout: the list tab, no conversation.
    expect(screen.getByTestId('narrow-tab-list')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('conversation-pane')).toBeNull();
  });

  test('narrow screens get the "Ticket" and "Atendimentos" tabs and "Selecionar Ticket"', async () => {
    renderAt('/tickets');
    expect(screen.getByTestId('tickets-page')).toHaveAttribute('data-layout', 'narrow');
    expect(screen.getByTestId('narrow-tab-ticket')).toHaveTextContent('Ticket');
    expect(screen.getByTestId('narrow-tab-list')).toHaveTextContent('Atendimentos');
    screen.getByTestId('narrow-tab-ticket').click();
    expect(await screen.findByTestId('select-ticket')).toHaveTextContent('Selecionar Ticket');
  });
});
