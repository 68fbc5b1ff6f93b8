import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

const newTestClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * Test render with the providers these screens use: a fresh query cache (or `client`, a cache kept
 * from an earlier render, as the app keeps it across pages), toasts and a router.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', client = newTestClient() }: { route?: string; client?: QueryClient } = {},
) {
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </SnackbarProvider>
      </QueryClientProvider>,
    ),
  };
}

/** Intl puts a no-break space after "R$"; tests compare with a plain one. */
export const plainSpaces = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');
