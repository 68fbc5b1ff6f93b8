import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RETURN_HOME_AFTER_MS, usePaymentRealtime } from './use-payment-realtime';

const handlers = vi.hoisted(() => ({}) as Record<string, (payload: unknown) => void>);
const auth = vi.hoisted(() => ({
  user: { id: 1, dueDate: '2020-01-01', company: { id: 7, name: 'Acme', dueDate: '2020-01-01', settings: [], plan: null } },
  updateUser: vi.fn(),
}));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, handler: (payload: unknown) => void) => {
    handlers[kind] = handler;
  },
}));
vi.mock('../../../lib/notify', () => ({ notify }));

function Probe() {
  const renewed = usePaymentRealtime();
  return <p data-testid="renewed">{renewed ?? ''}</p>;
}

describe('usePaymentRealtime', () => {
  afterEach(() => vi.useRealTimers());

  test('CONCLUIDA updates the session due date, shows the renewal message and returns to / after 4 s', () => {
    vi.useFakeTimers();
    renderWithProviders(
      <Routes>
        <Route path="/financeiro" element={<Probe />} />
        <Route path="/" element={<p>home</p>} />
      </Routes>,
      { route: '/financeiro' },
    );
    act(() => handlers.payment({ action: 'CONCLUIDA', company: { id: 7, dueDate: '2026-12-24' } }));
    expect(auth.updateUser).toHaveBeenCalledWith({
      dueDate: '2026-12-24',
      company: expect.objectContaining({ id: 7, dueDate: '2026-12-24' }),
    });
    expect(screen.getByTestId('renewed')).toHaveTextContent('Sua licença foi renovada até 24/12/2026!');
    expect(notify).toHaveBeenCalledWith('Sua licença foi renovada até 24/12/2026!', 'success', RETURN_HOME_AFTER_MS);
    act(() => vi.advanceTimersByTime(RETURN_HOME_AFTER_MS - 1));
    expect(screen.queryByText('home')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('home')).toBeInTheDocument();
  });
});
