import type { TagView } from '@chatflow/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import TagModal from './TagModal';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));

const onClose = vi.fn();

describe('TagModal', { timeout: 20_000 }, () => {
  beforeEach(() => vi.clearAllMocks());

  test('a new tag starts with a random hex colour', () => {
    renderWithProviders(<TagModal open tag={null} onClose={onClose} />);
    expect((screen.getByTestId('tag-color') as HTMLInputElement).value).toMatch(/^#[0-9a-f]{6}$/);
  });

  test('an empty name is required and a name under 3 characters is "Mensagem muito curta"', async () => {
    renderWithProviders(<TagModal open tag={null} onClose={onClose} />);
    await userEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('tag-name'), 'VI');
    await userEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('Mensagem muito curta')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test('a valid tag is posted as a plain (kanban 0) tag', async () => {
    const saved: TagView = { id: 5, name: 'VIP', color: '#123456', kanban: 0, contactsCount: 0 };
    api.post.mockResolvedValueOnce(saved);
    renderWithProviders(<TagModal open tag={null} onClose={onClose} />);
    await userEvent.type(screen.getByTestId('tag-name'), 'VIP');
    await userEvent.clear(screen.getByTestId('tag-color'));
    await userEvent.type(screen.getByTestId('tag-color'), '#123456');
    await userEvent.click(screen.getByTestId('tag-save'));
    // A plain tag carries the lane fields at their "no timed lane" defaults.
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/tags', {
        name: 'VIP',
        color: '#123456',
        kanban: 0,
        timeLane: 0,
        nextLaneId: null,
        rollbackLaneId: null,
        greetingMessageLane: '',
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });
});
