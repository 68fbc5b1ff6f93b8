import type { HelpView } from '@chatflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { api } from '../../lib/api';
import { renderWithProviders } from '../../test/render';
import { HelpsManager } from './HelpsManager';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
const mocked = vi.mocked(api);
const help: HelpView = { id: 5, title: 'Filas', description: 'Como criar filas', video: 'jNQXAC9IVRw' };

beforeEach(() => {
  vi.clearAllMocks();
  mocked.get.mockResolvedValue([help]);
});

test('a new help is posted and the side menu list is read again', async () => {
  mocked.post.mockResolvedValue({ ...help, id: 6 });
  const { client } = renderWithProviders(<HelpsManager />);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  await screen.findByText('Como criar filas');
  fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Tags' } });
  fireEvent.change(screen.getByLabelText('Vídeo (código ou link do YouTube)'), { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  await waitFor(() =>
    expect(mocked.post).toHaveBeenCalledWith('/helps', { title: 'Tags', video: 'https://youtu.be/dQw4w9WgXcQ', description: '' }),
  );
  await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['helps'] }));
  expect(mocked.get).toHaveBeenCalledWith('/helps');
});

test('a title shorter than 2 characters is refused before any call', async () => {
  renderWithProviders(<HelpsManager />);
  await screen.findByText('Como criar filas');
  fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'A' } });
  fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  expect(await screen.findByText('Muito curto!')).toBeInTheDocument();
  expect(mocked.post).not.toHaveBeenCalled();
});

test('delete asks first, then calls DELETE', async () => {
  mocked.delete.mockResolvedValue({ message: 'Help deleted' });
  renderWithProviders(<HelpsManager />);
  fireEvent.click(await screen.findByRole('button', { name: 'Excluir Filas' }));
  const dialog = await screen.findByRole('dialog');
  expect(mocked.delete).not.toHaveBeenCalled();
  fireEvent.click(within(dialog).getByTestId('confirm-yes'));
  await waitFor(() => expect(mocked.delete).toHaveBeenCalledWith('/helps/5'));
});
