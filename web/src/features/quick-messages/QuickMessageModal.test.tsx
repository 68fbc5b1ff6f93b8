import type { QuickMessageView, SessionUserView } from '@chatflow/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import QuickMessageModal from './QuickMessageModal';

const auth = vi.hoisted(() => ({ user: { id: 1, profile: 'user' } as unknown as SessionUserView }));
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));

const record = (over: Partial<QuickMessageView> = {}): QuickMessageView => ({
  id: 3,
  companyId: 2,
  userId: 1,
  shortcode: 'ola',
  message: 'Olá, tudo bem?',
  mediaPath: null,
  mediaName: null,
  isMedia: false,
  geral: false,
  visao: true,
  ...over,
});
const onClose = vi.fn();
const open = (r: QuickMessageView | null) => renderWithProviders(<QuickMessageModal open record={r} onClose={onClose} />);

describe('QuickMessageModal', { timeout: 20_000 }, () => {
  beforeEach(() => vi.clearAllMocks());

  test("another user's visible, unshared message opens in a view dialog with every field disabled", () => {
    open(record({ userId: 99, mediaName: 'tabela_precos.pdf' }));
    expect(screen.getByTestId('quick-message-locked')).toBeInTheDocument();
    expect(screen.getByTestId('quick-message-shortcode')).toBeDisabled();
    expect(screen.getByTestId('quick-message-message')).toBeDisabled();
    for (const name of ['Global', 'Visão']) expect(screen.getByRole('switch', { name })).toBeDisabled();
    expect(screen.getByTestId('quick-message-file')).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Ver resposta rápida' })).toBeInTheDocument();
    expect(screen.queryByText('Editar resposta rápida')).toBeNull();
    expect(screen.queryByTestId('quick-message-save')).toBeNull();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeEnabled();
  });

  test('the same message is editable by its owner, and a shared one by anyone', () => {
    const { unmount } = open(record());
    expect(screen.getByTestId('quick-message-shortcode')).toBeEnabled();
    unmount();
    open(record({ userId: 99, geral: true }));
    expect(screen.getByTestId('quick-message-shortcode')).toBeEnabled();
    expect(screen.queryByTestId('quick-message-locked')).toBeNull();
  });

  test('the shortcode is required; a new message is visible and not shared, its file sent after the save', async () => {
    api.post.mockImplementation(async (path: string) =>
      path === '/quick-messages'
        ? record({ id: 8, shortcode: 'preco' })
        : record({ id: 8, shortcode: 'preco', mediaName: 'tabela_de_precos.pdf' }),
    );
    open(null);
    await userEvent.click(screen.getByTestId('quick-message-save'));
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('quick-message-shortcode'), 'preco');
    await userEvent.upload(
      screen.getByTestId('quick-message-file'),
      new File(['%PDF'], 'tabela de precos.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByTestId('quick-message-attachment')).toHaveTextContent('tabela_de_precos.pdf');
    await userEvent.click(screen.getByTestId('quick-message-save'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/quick-messages', { shortcode: 'preco', message: '', geral: false, visao: true }),
    );
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/quick-messages/8/media-upload', expect.any(FormData)));
    expect(onClose).toHaveBeenCalled();
  });
});
