import { act, render, screen } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_NOTICE_MS, RealtimeStatusBar } from './RealtimeStatusBar';

/** A socket that records its listeners, so the test plays socket.io's connection events to the bar. */
class FakeSocket {
  connected = false;
  readonly handlers = new Map<string, Set<() => void>>();
  on(name: string, fn: () => void) {
    this.handlers.set(name, (this.handlers.get(name) ?? new Set()).add(fn));
    return this;
  }
  off(name: string, fn: () => void) {
    this.handlers.get(name)?.delete(fn);
    return this;
  }
  receive(name: 'connect' | 'disconnect' | 'connect_error') {
    this.connected = name === 'connect';
    act(() => {
      for (const fn of this.handlers.get(name) ?? []) fn();
    });
  }
}

let socket: FakeSocket;
vi.mock('../providers/SocketProvider', () => ({ useSocket: () => socket as unknown as Socket }));

const bar = () => screen.queryByText('Sem conexão em tempo real — tentando reconectar…');

beforeEach(() => {
  vi.useFakeTimers();
  socket = new FakeSocket();
});
afterEach(() => vi.useRealTimers());

describe('the realtime connection bar', () => {
  it('stays hidden while the first connection is made within a few seconds', () => {
    render(<RealtimeStatusBar />);
    act(() => vi.advanceTimersByTime(OFFLINE_NOTICE_MS - 1));
    socket.receive('connect');
    act(() => vi.advanceTimersByTime(OFFLINE_NOTICE_MS * 2));
    expect(bar()).toBeNull();
  });

  it('shows when the handshake is refused for longer than the notice delay, and goes on reconnect', () => {
    render(<RealtimeStatusBar />);
    socket.receive('connect_error');
    act(() => vi.advanceTimersByTime(OFFLINE_NOTICE_MS));
    expect(bar()).not.toBeNull();
    socket.receive('connect');
    expect(bar()).toBeNull();
  });

  it('shows when a live socket drops and does not come back, not for a short blip', () => {
    socket.connected = true;
    render(<RealtimeStatusBar />);
    socket.receive('disconnect');
    act(() => vi.advanceTimersByTime(OFFLINE_NOTICE_MS - 500));
    socket.receive('connect');
    act(() => vi.advanceTimersByTime(OFFLINE_NOTICE_MS));
    expect(bar()).toBeNull();

    socket.receive('disconnect');
    socket.receive('connect_error');
    act(() => vi.advanceTimersByTime(OFFLINE_NOTICE_MS));
    expect(bar()).not.toBeNull();
  });
});
