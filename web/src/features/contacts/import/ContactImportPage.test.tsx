import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import ContactImportPage from './ContactImportPage';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../../lib/notify', () => ({ notify }));

/** Headers the guesser does not know, so every mapping is the user's choice. */
const SHEET = {
  columns: ['Cliente', 'Tel', 'Correio'],
  rows: [
    ['Ana', '5511999990001', 'ana@acme.com'],
    ['Bruno', '5511999990002', ''],
  ],
};

async function loadSheet() {
  renderWithProviders(<ContactImportPage />);
  const file = new File(['x'], 'contatos.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  await userEvent.upload(screen.getByTestId('import-file'), file);
  await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(2));
}

async function mapColumn(field: 'name' | 'number' | 'email', column: string) {
  await userEvent.click(screen.getByTestId(`map-${field}-select`));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: column }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull()); // the menu is gone before the next click
}

describe('ContactImportPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.post.mockImplementation(async (path: string) => {
      if (path === '/contacts/upload') return SHEET;
      throw new Error(`unexpected POST ${path}`);
    });
  });

  test('the file goes to POST /contacts/upload and every row starts selected', async () => {
    await loadSheet();
    expect(api.post).toHaveBeenCalledWith('/contacts/upload', expect.any(FormData));
    for (const box of screen.getAllByRole('checkbox', { name: /Selecionar linha/ })) expect(box).toBeChecked();
    expect(screen.getByTestId('import-file-info')).toHaveTextContent('2 linhas, 2 selecionadas');
  });

  test('importing without the number mapped is refused', async () => {
    await loadSheet();
    await mapColumn('name', 'Cliente');
    await userEvent.click(screen.getByTestId('import-start'));
    expect(notify).toHaveBeenCalledWith('Não foi selecionado o campo de número do contato', 'error', 2000);
    expect(api.post).toHaveBeenCalledTimes(1); // the upload only
  });

  test('importing without the name mapped is refused', async () => {
    await loadSheet();
    await mapColumn('number', 'Tel');
    await userEvent.click(screen.getByTestId('import-start'));
    expect(notify).toHaveBeenCalledWith('Não foi selecionado o campo de nome do contato', 'error', 2000);
  });

  test('a column already mapped to another field is refused and the mapping stays', async () => {
    await loadSheet();
    await mapColumn('number', 'Tel');
    await mapColumn('name', 'Tel');
    expect(notify).toHaveBeenCalledWith('O campo Tel já foi selecionado.', 'error', 2000);
    expect(screen.getByTestId('map-name')).toHaveValue('');
    expect(screen.getByTestId('map-number')).toHaveValue('Tel');
  });

  test('with no row selected nothing is imported', async () => {
    await loadSheet();
    await mapColumn('name', 'Cliente');
    await mapColumn('number', 'Tel');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todos' }));
    for (const box of screen.getAllByRole('checkbox', { name: /Selecionar linha/ })) expect(box).not.toBeChecked();
    await userEvent.click(screen.getByTestId('import-start'));
    expect(notify).toHaveBeenCalledWith('Nenhum contato selecionado', 'error', 2000);
    expect(api.post).toHaveBeenCalledTimes(1);
  });

  test('a sheet past the server\'s limits says which limits, not "Arquivo inválido!"', async () => {
    const { ApiError } = await import('../../../lib/api');
    api.post.mockRejectedValueOnce(
      new ApiError(413, 'ERR_SHEET_TOO_LARGE', [], { error: 'ERR_SHEET_TOO_LARGE', limit: 'uncompressedBytes' }),
    );
    renderWithProviders(<ContactImportPage />);
    await userEvent.upload(screen.getByTestId('import-file'), new File(['?'], 'bomba.xlsx'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'Planilha muito grande! Máximo de 50.000 linhas, 200 colunas, 10.000 caracteres por célula e 50MB descompactada.',
        'error',
        4000,
      ),
    );
  });

  test('an unreadable file says "Arquivo inválido!"', async () => {
    const { ApiError } = await import('../../../lib/api');
    api.post.mockRejectedValueOnce(new ApiError(400, 'ERR_INVALID_FILE'));
    renderWithProviders(<ContactImportPage />);
    await userEvent.upload(screen.getByTestId('import-file'), new File(['?'], 'contatos.csv', { type: 'text/csv' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Arquivo inválido!', 'error', 2000));
    expect(screen.queryByTestId('import-row')).toBeNull();
  });

  test('the selected rows go to the batch import; its events drive the bar, then the summary', async () => {
    await loadSheet();
    await mapColumn('name', 'Cliente');
    await mapColumn('number', 'Tel');
    await userEvent.click(screen.getAllByRole('checkbox', { name: /Selecionar linha/ })[1]); // Bruno stays out
    // The job's first report can beat the POST's answer: it is held until the id is known.
    api.post.mockImplementationOnce(async () => {
      events.get('contactImport')!({ action: 'progress', importId: 'imp-1', done: 0, total: 1, created: 0, ignored: 0 });
      events.get('contactImport')!({ action: 'progress', importId: 'other', done: 5, total: 9, created: 5, ignored: 0 });
      return { importId: 'imp-1', total: 1 };
    });
    await userEvent.click(screen.getByTestId('import-start'));
    expect(api.post).toHaveBeenLastCalledWith('/contacts/import/rows', {
      mapping: { name: 'Cliente', number: 'Tel' },
      columns: SHEET.columns,
      rows: [SHEET.rows[0]],
    });
    expect(await screen.findByTestId('import-progress')).toHaveTextContent('Importando contatos... 0 de 1');
    act(() => events.get('contactImport')!({ action: 'done', importId: 'imp-1', done: 1, total: 1, created: 0, ignored: 1 }));
    const summary = await screen.findByTestId('import-summary');
    expect(summary).toHaveTextContent('Importação realizada com sucesso, mas houveram alguns erros');
    expect(summary).toHaveTextContent('Criados: 0 · Ignorados: 1');
    expect(notify).toHaveBeenCalledWith('Importação realizada com sucesso, mas houveram alguns erros', 'warning');
  });
});
