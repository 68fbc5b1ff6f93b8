import type { LaneView } from '@chatflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import TagsKanbanPage from './TagsKanbanPage';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

const lane = (id: number, name: string, color: string): LaneView => ({
  id,
  name,
  color,
  kanban: 1,
  timeLane: 0,
  nextLaneId: null,
  rollbackLaneId: null,
  greetingMessageLane: '',
  ticketsCount: 0,
});

describe('TagsKanbanPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/tag/kanban') return { lista: [lane(1, 'Cliente VIP', '#FFEB3B'), lane(2, 'Urgente', '#1a237e')] };
      throw new Error(`unexpected GET ${path}`);
    });
  });

  test('a lane chip reads on its colour: near-black text on yellow, white on dark blue', async () => {
    renderWithProviders(<TagsKanbanPage />);
    await waitFor(() => expect(screen.getAllByTestId('lane-row')).toHaveLength(2));
    const [vip, urgent] = screen.getAllByTestId('lane-row');
    // jsdom reports colours as rgb().
    expect(within(vip).getByText('Cliente VIP').closest('.MuiChip-root')).toHaveStyle({ color: 'rgba(0, 0, 0, 0.87)' });
    expect(within(urgent).getByText('Urgente').closest('.MuiChip-root')).toHaveStyle({ color: 'rgb(255, 255, 255)' });
  });
});
