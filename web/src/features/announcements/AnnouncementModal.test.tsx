import type { AnnouncementView } from '@chatflow/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import AnnouncementModal from './AnnouncementModal';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const saved: AnnouncementView = {
  id: 7,
  title: 'Manutenção',
  text: 'Sábado às 22h',
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: '2024-03-05T14:07:00.000Z',
  updatedAt: '2024-03-05T14:07:00.000Z',
};
const pickFile = (name: string, type: string) =>
  fireEvent.change(screen.getByTestId('announcement-file'), { target: { files: [new File(['x'], name, { type })] } });

describe('AnnouncementModal', { timeout: 20_000 }, () => {
  beforeEach(() => vi.clearAllMocks());

  test('title and text are required, with the spec message', async () => {
    renderWithProviders(<AnnouncementModal record={null} onClose={vi.fn()} />);
    await userEvent.click(screen.getByTestId('announcement-save'));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2);
    expect(api.post).not.toHaveBeenCalled();
  });

  test('a file other than png, jpg or jpeg is refused with the message; a png is kept', () => {
    renderWithProviders(<AnnouncementModal record={null} onClose={vi.fn()} />);
    pickFile('manual.pdf', 'application/pdf');
    expect(screen.getByTestId('announcement-file-error')).toHaveTextContent('Apenas imagens png, jpg ou jpeg são aceitas.');
    expect(screen.queryByTestId('announcement-attachment')).toBeNull();
    pickFile('banner.JPEG', 'image/jpeg');
    expect(screen.queryByTestId('announcement-file-error')).toBeNull();
    expect(screen.getByTestId('announcement-attachment')).toHaveTextContent('banner.JPEG');
  });

  test('saves with the defaults (priority 3, active), then sends the picture', async () => {
    api.post.mockResolvedValueOnce(saved).mockResolvedValueOnce({ ...saved, mediaName: 'banner.png' });
    const onClose = vi.fn();
    renderWithProviders(<AnnouncementModal record={null} onClose={onClose} />);
    await userEvent.type(screen.getByTestId('announcement-title'), 'Manutenção');
    await userEvent.type(screen.getByTestId('announcement-text'), 'Sábado às 22h');
    pickFile('banner.png', 'image/png');
    await userEvent.click(screen.getByTestId('announcement-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.post).toHaveBeenNthCalledWith(1, '/announcements', {
      title: 'Manutenção',
      text: 'Sábado às 22h',
      priority: 3,
      status: true,
    });
    expect(api.post.mock.calls[1][0]).toBe('/announcements/7/media-upload');
  });
});
