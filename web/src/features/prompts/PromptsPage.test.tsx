import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import PromptsPage from './PromptsPage';
import { promptView } from './testing';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));
vi.mock('../../app/providers/SocketProvider', () => ({ useCompanyEvent: vi.fn() }));

const prompt = promptView();

test("deleting a prompt shows the server's answer as information (spec 3 §7)", async () => {
  api.get.mockResolvedValue({ prompts: [prompt] });
  api.delete.mockResolvedValue({ message: 'Prompt apagado' });
  renderWithProviders(<PromptsPage />);
  await userEvent.click(await screen.findByRole('button', { name: /excluir/i }));
  await userEvent.click(screen.getByTestId('confirm-yes'));
  await waitFor(() => expect(notify).toHaveBeenCalledWith('Prompt apagado', 'info'));
  expect(api.delete).toHaveBeenCalledWith('/prompt/3');
});
