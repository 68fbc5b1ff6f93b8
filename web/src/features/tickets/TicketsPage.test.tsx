import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeUser } from './testing';
import TicketsPage from './TicketsPage';

vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => ({ user: makeUser() }) }));
vi.mock('../../app/providers/AppearanceProvider', () => ({ useAppearance: () => ({ appName: 'Chat-flow', logo: '/logo.svg' }) }));
const mounts = vi.hoisted(() => ({ manager: 0 }));
vi.mock('./components/TicketsManager', () => ({ TicketsManager: ManagerStandIn }));
/** Counts its mounts: the real list keeps its search and tab only while it stays mounted. */
function ManagerStandIn() {
  useEffect(() => {
    mounts.manager += 1;
  }, []);
  return <div data-testid="manager" />;
}

/** A window whose width crosses MUI's md breakpoint (900 px) on demand, telling useMediaQuery like a browser. */
function resizableWindow(wide: boolean) {
  const listeners = new Set<() => void>();
  const state = { wide };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('min-width:900px') && state.wide;
    },
    media: query,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    addListener: (fn: () => void) => listeners.add(fn),
    removeListener: (fn: () => void) => listeners.delete(fn),
  }));
  return (next: boolean) =>
    act(() => {
      state.wide = next;
      for (const fn of listeners) fn();
    });
}
afterEach(() => vi.unstubAllGlobals());

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

  test('crossing the breakpoint (a tablet turned) restyles the list instead of mounting it again', async () => {
    const resize = resizableWindow(true);
    mounts.manager = 0;
    renderAt('/tickets');
    expect(screen.getByTestId('tickets-page')).toHaveAttribute('data-layout', 'wide');
    resize(false);
    expect(screen.getByTestId('tickets-page')).toHaveAttribute('data-layout', 'narrow');
    resize(true);
    expect(screen.getByTestId('tickets-page')).toHaveAttribute('data-layout', 'wide');
    expect(mounts.manager).toBe(1);
  });
});
