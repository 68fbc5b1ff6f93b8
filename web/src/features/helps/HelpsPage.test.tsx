import type { HelpView } from '@chatflow/contract';
import { fireEvent, screen, waitForElementToBeRemoved } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { api } from '../../lib/api';
import { renderWithProviders } from '../../test/render';
import HelpsPage from './HelpsPage';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
const mocked = vi.mocked(api);

const helps: HelpView[] = [
  { id: 1, title: 'Primeiros passos', description: 'Como começar', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  { id: 2, title: 'Sem vídeo', description: '', video: '' },
];

beforeEach(() => vi.clearAllMocks());

test('cards show the YouTube thumbnail; a click opens the player and Escape closes it', async () => {
  mocked.get.mockResolvedValue(helps);
  renderWithProviders(<HelpsPage />);
  const card = await screen.findByRole('button', { name: 'Assistir Primeiros passos' });
  expect(card.querySelector('img')).toHaveAttribute('src', 'https://img.youtube.com/vi/dQw4w9WgXcQ/0.jpg');
  expect(mocked.get).toHaveBeenCalledWith('/helps/list');

  fireEvent.click(card);
  const dialog = await screen.findByRole('dialog');
  expect(dialog.querySelector('iframe')?.getAttribute('src')).toMatch(/^https:\/\/www\.youtube\.com\/embed\/dQw4w9WgXcQ/);

  fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
  expect(document.querySelector('iframe')).toBeNull();
});

test('a failing thumbnail and a help without video show the neutral placeholder', async () => {
  mocked.get.mockResolvedValue(helps);
  renderWithProviders(<HelpsPage />);
  const card = await screen.findByRole('button', { name: 'Assistir Primeiros passos' });
  expect(screen.getAllByTestId('help-placeholder')).toHaveLength(1);
  const img = card.querySelector('img');
  if (!img) throw new Error('thumbnail missing');
  fireEvent.error(img);
  expect(screen.getAllByTestId('help-placeholder')).toHaveLength(2);
});

test('no helps: an empty state', async () => {
  mocked.get.mockResolvedValue([]);
  renderWithProviders(<HelpsPage />);
  expect(await screen.findByTestId('helps-empty')).toHaveTextContent('Nenhum vídeo de ajuda disponível');
});
