import type { ContactView } from '@chatflow/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render';
import { MergeContactDialog } from './MergeContactDialog';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../../lib/notify', () => ({ notify }));

const contact = (id: number, name: string): ContactView => ({
  id,
  companyId: 2,
  name,
  number: `55119999900${id}`,
  email: '',
  urlPicture: '',
  channel: 'whatsapp',
  active: true,
  acceptAudioMessage: true,
  disableBot: false,
  isGroup: false,
  lgpdAcceptedAt: null,
  extraInfo: [],
  tags: [],
  whatsapp: null,
  createdAt: '',
  updatedAt: '',
});
const kept = contact(1, 'Maria celular');
const other = contact(2, 'Maria trabalho');
const merge = {
  id: 40,
  keptContactId: 1,
  mergedContactId: 2,
  createdAt: '',
  undoneAt: null,
  moved: { tickets: 3, closedTickets: 1, schedules: 0, tags: 0, extraInfo: 0 },
};

/** The contacts page's part: the dialog is unmounted when it closes. */
function Page({ onClose }: { onClose(): void }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <MergeContactDialog
      contact={kept}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    />
  ) : null;
}

describe('MergeContactDialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/contacts') return { contacts: [kept, other], count: 2, hasMore: false };
      if (path === '/contacts/1/merge/preview') return merge.moved;
      if (path === '/contacts/2') return other;
      throw new Error(`unexpected GET ${path}`);
    });
    api.post.mockImplementation(async (path: string) => {
      if (path === '/contacts/1/merge') return merge;
      if (path === '/contacts/merges/40/undo') return { ...merge, undoneAt: '2026-11-25T03:00:00.000Z' };
      throw new Error(`unexpected POST ${path}`);
    });
  });

  test('picks the other contact (never the kept one), previews the tickets that move, merges, and undoes from the toast', async () => {
    const onClose = vi.fn();
    // The page unmounts the dialog on close; the toast's undo must still work then.
    renderWithProviders(<Page onClose={onClose} />);
    expect(screen.getByText('Mesclar contato com Maria celular')).toBeInTheDocument();
    expect(screen.getByTestId('confirm-merge')).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Contato a mesclar'), 'Maria');
    const option = await screen.findByRole('option', { name: /Maria trabalho/ });
    expect(option).toHaveTextContent('Maria trabalho551199999002'); // the number on a line of its own
    expect(screen.queryByRole('option', { name: /Maria celular/ })).not.toBeInTheDocument();
    await userEvent.click(option);
    // The field holds the name, the number goes under it: a phone-wide field never cuts the number off.
    expect(screen.getByLabelText('Contato a mesclar')).toHaveValue('Maria trabalho');
    expect(screen.getByText('551199999002')).toBeInTheDocument();

    const preview = await screen.findByTestId('merge-preview');
    expect(preview).toHaveTextContent('3 atendimentos de Maria trabalho passarão para Maria celular.');
    expect(preview).toHaveTextContent('1 atendimento aberto na mesma conexão será fechado.');
    expect(api.get).toHaveBeenCalledWith('/contacts/1/merge/preview', { fromContactId: 2 });

    await waitFor(() => expect(screen.getByTestId('confirm-merge')).toBeEnabled());
    await userEvent.click(screen.getByTestId('confirm-merge'));
    expect(api.post).toHaveBeenCalledWith('/contacts/1/merge', { fromContactId: 2 });
    expect(await screen.findByText('Contatos mesclados')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('merge-contact-search')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/contacts/merges/40/undo'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Mesclagem desfeita'));
  });

  test('a refused merge shows the translated error and keeps the dialog open', async () => {
    api.post.mockRejectedValueOnce(new ApiError(400, 'ERR_CONTACT_MERGE_SELF'));
    const onClose = vi.fn();
    renderWithProviders(<MergeContactDialog contact={kept} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Contato a mesclar'), 'Maria');
    await userEvent.click(await screen.findByRole('option', { name: /Maria trabalho/ }));
    await waitFor(() => expect(screen.getByTestId('confirm-merge')).toBeEnabled());
    await userEvent.click(screen.getByTestId('confirm-merge'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Um contato não pode ser mesclado com ele mesmo.', 'error', 2000));
    expect(onClose).not.toHaveBeenCalled();
  });
});
