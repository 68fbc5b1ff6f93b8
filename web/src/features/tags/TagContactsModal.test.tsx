import type { TagView } from '@chatflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import TagContactsModal from './TagContactsModal';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const tag: TagView = { id: 7, name: 'VIP', color: '#aa0000', kanban: 0, contactsCount: 2 };
const onClose = vi.fn();

describe('TagContactsModal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/tags/7/contacts')
        return [
          { id: 3, name: 'Ana', number: '5511999990003' },
          { id: 4, name: 'Bruno', number: '5511999990004' },
        ];
      throw new Error(`unexpected GET ${path}`);
    });
    api.delete.mockResolvedValue({ message: 'Tag removed from contact' });
  });

  test('lists id, name and number; removing a contact calls DELETE /tags-contacts/:tagId/:contactId', async () => {
    renderWithProviders(<TagContactsModal tag={tag} onClose={onClose} />);
    await waitFor(() => expect(screen.getAllByTestId('tag-contact-row')).toHaveLength(2));
    const [ana] = screen.getAllByTestId('tag-contact-row');
    expect(within(ana).getByText('3')).toBeInTheDocument();
    expect(within(ana).getByText('5511999990003')).toBeInTheDocument();
    await userEvent.click(within(ana).getByRole('button', { name: 'Remover Ana da tag' }));
    expect(api.delete).toHaveBeenCalledWith('/tags-contacts/7/3');
    await waitFor(() => expect(screen.getAllByTestId('tag-contact-row')).toHaveLength(1));
    expect(onClose).not.toHaveBeenCalled();
  });

  test('the modal closes itself once the last contact is removed', async () => {
    renderWithProviders(<TagContactsModal tag={tag} onClose={onClose} />);
    await waitFor(() => expect(screen.getAllByTestId('tag-contact-row')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Remover Ana da tag' }));
    await waitFor(() => expect(screen.getAllByTestId('tag-contact-row')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Remover Bruno da tag' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.delete).toHaveBeenLastCalledWith('/tags-contacts/7/4');
  });
});
