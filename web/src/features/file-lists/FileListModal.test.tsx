import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import FileListModal from './FileListModal';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));

const onClose = vi.fn();

describe('FileListModal', { timeout: 30_000 }, () => {
  beforeEach(() => vi.clearAllMocks());

  test("validates with the contract: 'nome muito curto', message 'Obrigatório', a file for each option", async () => {
    renderWithProviders(<FileListModal record={null} onClose={onClose} />);
    await userEvent.type(screen.getByTestId('file-list-name'), 'ab');
    await userEvent.click(screen.getByTestId('file-list-save'));
    expect(await screen.findByText('nome muito curto')).toBeInTheDocument();
    expect(screen.getAllByText('Obrigatório')).toHaveLength(2); // message and the first file's name
    expect(api.post).not.toHaveBeenCalled();
  });

  test('saves the list, then uploads each chosen file to its option (multipart fileId + files)', async () => {
    api.post.mockImplementation(async (path: string, body: unknown) => {
      if (path === '/files')
        return {
          id: 5,
          name: 'Catálogo',
          message: 'Segue',
          userId: 1,
          options: [{ id: 11, name: 'Foto', path: '', mediaType: '' }],
          createdAt: '',
          updatedAt: '',
        };
      const form = body as FormData;
      return {
        id: 5,
        name: 'Catálogo',
        message: 'Segue',
        userId: 1,
        options: [{ id: Number(form.get('fileId')), name: 'Foto', path: '/public/x.png', mediaType: 'image' }],
        createdAt: '',
        updatedAt: '',
      };
    });
    renderWithProviders(<FileListModal record={null} onClose={onClose} />);
    await userEvent.type(screen.getByTestId('file-list-name'), 'Catálogo');
    await userEvent.type(screen.getByTestId('file-list-message'), 'Segue');
    await userEvent.type(screen.getByTestId('file-option-name'), 'Foto');
    await userEvent.click(screen.getByTestId('file-list-save'));
    expect(await screen.findByText('Escolha um arquivo!')).toBeInTheDocument();
    const file = new File([new Uint8Array([1, 2, 3])], 'foto.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('file-option-input'), file);
    expect(screen.getByTestId('file-option-file')).toHaveTextContent('foto.png');
    await userEvent.click(screen.getByTestId('file-list-save'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(2));
    expect(api.post.mock.calls[0]).toEqual(['/files', { name: 'Catálogo', message: 'Segue', options: [{ id: undefined, name: 'Foto' }] }]);
    const [uploadPath, form] = api.post.mock.calls[1] as [string, FormData];
    expect(uploadPath).toBe('/files/uploadList/5');
    expect(form.get('fileId')).toBe('11');
    expect((form.get('files') as File).name).toBe('foto.png');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  test('a file of a kind the list cannot hold is refused before anything is saved', async () => {
    renderWithProviders(<FileListModal record={null} onClose={onClose} />);
    await userEvent.type(screen.getByTestId('file-list-name'), 'Catálogo');
    await userEvent.type(screen.getByTestId('file-list-message'), 'Segue');
    await userEvent.type(screen.getByTestId('file-option-name'), 'Programa');
    await userEvent.upload(screen.getByTestId('file-option-input'), new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByTestId('file-option-invalid')).toHaveTextContent('Arquivo inválido!');
    await userEvent.click(screen.getByTestId('file-list-save'));
    expect(api.post).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('a file the server refuses after the list was stored: the dialog stays, and the next save updates that list', async () => {
    const stored = {
      id: 9,
      name: 'Catálogo',
      message: 'Segue',
      userId: 1,
      options: [{ id: 21, name: 'Foto', path: '', mediaType: '' }],
      createdAt: '',
      updatedAt: '',
    };
    const { ApiError } = await import('../../lib/api');
    api.post.mockImplementation(async (path: string) => {
      if (path === '/files') return stored;
      throw new ApiError(400, 'ERR_INVALID_FILE');
    });
    api.put.mockResolvedValue(stored);
    renderWithProviders(<FileListModal record={null} onClose={onClose} />);
    await userEvent.type(screen.getByTestId('file-list-name'), 'Catálogo');
    await userEvent.type(screen.getByTestId('file-list-message'), 'Segue');
    await userEvent.type(screen.getByTestId('file-option-name'), 'Foto');
    await userEvent.upload(screen.getByTestId('file-option-input'), new File(['not a png'], 'foto.png', { type: 'image/png' }));
    await userEvent.click(screen.getByTestId('file-list-save'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(2));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('file-list-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/files/9', expect.objectContaining({ name: 'Catálogo' })));
    expect(api.post.mock.calls.filter(([path]) => path === '/files')).toHaveLength(1);
  });
});
