import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ChunkErrorBoundary } from '../../components/ChunkErrorBoundary';
import { PrivateRoute } from './guards';

const auth = vi.hoisted(() => ({ user: null as unknown, loading: true }));
vi.mock('../providers/AuthProvider', () => ({ useAuth: () => auth }));

/** A page that fails for a reason other than a missing chunk. */
function Broken(): never {
  throw new Error('bug');
}

describe('reloads (issue 31)', () => {
  afterEach(() => vi.restoreAllMocks());

  test('while the session is read, the app shows its skeleton (shell and list), not a bare spinner', () => {
    render(
      <MemoryRouter>
        <PrivateRoute>
          <p>app</p>
        </PrivateRoute>
      </MemoryRouter>,
    );
    const skeleton = screen.getByTestId('app-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText('app')).toBeNull();
  });

  test('a lazy chunk that fails to load shows a clear message with Recarregar, which reloads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const Page = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/TicketsPage-abc.js')));
    render(
      <ChunkErrorBoundary>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar esta tela');
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect(reload).toHaveBeenCalled();
  });

  test('any other error still goes up: the boundary only speaks for chunks', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <ChunkErrorBoundary>
          <Broken />
        </ChunkErrorBoundary>,
      ),
    ).toThrow('bug');
  });
});
