import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { connectionView } from '../testing';
import { BADGE_DELAY_MS, useConnectionsAttention } from './use-connections-attention';

const api = vi.hoisted(() => ({ get: vi.fn() }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
const auth = vi.hoisted(() => ({
  user: { id: 1, companyId: 2, profile: 'admin', allowConnections: 'disabled' } as Record<string, unknown>,
}));
vi.mock('../../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../../lib/api', () => ({ api }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

describe('the connections menu badge (spec 1 §4.4)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.useFakeTimers();
    api.get.mockResolvedValue([connectionView(1, 'A', { status: 'CONNECTED' }), connectionView(2, 'B', { status: 'DISCONNECTED' })]);
  });
  afterEach(() => vi.useRealTimers());

  test('shows about 2 s after a connection needs attention and hides once every one is connected', async () => {
    const { result } = renderHook(() => useConnectionsAttention(), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(BADGE_DELAY_MS - 100));
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(result.current).toBe(true);
    act(() => events.get('whatsappSession')?.({ action: 'update', session: connectionView(2, 'B', { status: 'CONNECTED' }) }));
    await act(() => vi.advanceTimersByTimeAsync(BADGE_DELAY_MS + 100));
    expect(result.current).toBe(false);
  });

  test('a user without allowConnections never sees it and the list is not fetched', async () => {
    auth.user = { id: 3, companyId: 2, profile: 'user', allowConnections: 'disabled' };
    const { result } = renderHook(() => useConnectionsAttention(), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(BADGE_DELAY_MS * 2));
    expect(result.current).toBe(false);
    expect(api.get).not.toHaveBeenCalled();
  });
});
