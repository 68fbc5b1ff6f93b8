import type { TicketStatus } from '@chatflow/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render';
import { agent, message, ticket } from '../testing';
import { MessageInput } from './MessageInput';

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => ({ user: agent() }) }));
const mocked = vi.mocked(api);
const textBox = () => screen.getByTestId('message-text') as HTMLTextAreaElement;

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocked.post.mockResolvedValue(message({ id: 99, fromMe: true }));
  mocked.get.mockResolvedValue([]);
});

// The header's Aceitar changes the ticket the conversation passes down: here a button stands in for it.
function Accepting() {
  const [status, setStatus] = useState<TicketStatus>('pending');
  return (
    <>
      <button type="button" onClick={() => setStatus('open')}>
        aceitar
      </button>
      <MessageInput ticket={ticket({ status })} replyTo={null} onClearReply={() => {}} />
    </>
  );
}

// Issue 31: what an agent answering many conversations a day does with the reply box.
describe('MessageInput in daily use', { timeout: 20_000 }, () => {
  test('accepting a waiting ticket puts the cursor in the reply box', async () => {
    renderWithProviders(<Accepting />);
    expect(textBox()).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'aceitar' }));
    await waitFor(() => expect(textBox()).toHaveFocus());
  });

  test('opening a ticket already open does not take the focus', () => {
    renderWithProviders(<MessageInput ticket={ticket({ status: 'open' })} replyTo={null} onClearReply={() => {}} />);
    expect(textBox()).not.toHaveFocus();
  });

  test('after a private note is sent the box is back in reply mode', async () => {
    renderWithProviders(<MessageInput ticket={ticket()} replyTo={null} onClearReply={() => {}} />);
    await userEvent.click(screen.getByTestId('private-toggle'));
    expect(screen.getByTestId('private-toggle')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(textBox(), 'cliente VIP{Enter}');
    await waitFor(() =>
      expect(mocked.post).toHaveBeenCalledWith('/messages/10', expect.objectContaining({ body: 'cliente VIP', isPrivate: true })),
    );
    await waitFor(() => expect(screen.getByTestId('private-toggle')).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.type(textBox(), 'Olá{Enter}');
    await waitFor(() =>
      expect(mocked.post).toHaveBeenLastCalledWith('/messages/10', expect.objectContaining({ body: 'Olá', isPrivate: false })),
    );
  });
});
