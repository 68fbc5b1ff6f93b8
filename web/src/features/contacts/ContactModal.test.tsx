import type { ContactView } from '@chatflow/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ContactModal from './ContactModal';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));
const auth = vi.hoisted(() => ({ user: { id: 1, companyId: 2, profile: 'admin' } }));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => auth }));

const AGENTS = [
  { id: 7, name: 'Bruna' },
  { id: 8, name: 'Carlos' },
  { id: 9, name: 'Diana' },
];
/** GET answers: the company's agents and contact 9's stored wallet (Carlos). */
function serveGets() {
  api.get.mockImplementation(async (path: string) => {
    if (path === '/users/list') return AGENTS;
    if (path === '/contacts/9/wallets') return { wallets: [{ id: 8, name: 'Carlos' }] };
    throw new Error(`unexpected GET ${path}`);
  });
}

const contact = (over: Partial<ContactView> = {}): ContactView => ({
  id: 9,
  companyId: 2,
  name: 'Ana Lima',
  number: '5511999990001',
  email: '',
  urlPicture: '',
  channel: 'whatsapp',
  active: true,
  acceptAudioMessage: true,
  disableBot: false,
  isGroup: false,
  lgpdAcceptedAt: null,
  extraInfo: [{ id: 4, name: 'CPF', value: '123' }],
  tags: [],
  whatsapp: null,
  createdAt: '',
  updatedAt: '',
  ...over,
});

const onClose = vi.fn();
const open = (c: ContactView | null = null) => renderWithProviders(<ContactModal open contact={c} onClose={onClose} />);

describe('ContactModal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    auth.user.profile = 'admin';
    serveGets();
  });

  test('an empty form says what is required and sends nothing', async () => {
    open();
    await userEvent.click(screen.getByTestId('contact-save'));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(2); // name and number
    expect(api.post).not.toHaveBeenCalled();
  });

  test('short name, short number and a bad e-mail get the contract messages', async () => {
    open();
    await userEvent.type(screen.getByTestId('contact-name'), 'A');
    await userEvent.type(screen.getByTestId('contact-number'), '(11) 99');
    await userEvent.type(screen.getByTestId('contact-email'), 'ana@');
    await userEvent.click(screen.getByTestId('contact-save'));
    expect(await screen.findAllByText('Muito curto!')).toHaveLength(2);
    expect(screen.getByText('E-mail inválido')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test('a name over 250 characters is too long', async () => {
    open();
    await userEvent.click(screen.getByTestId('contact-name'));
    await userEvent.paste('x'.repeat(251));
    await userEvent.type(screen.getByTestId('contact-number'), '5511999990001');
    await userEvent.click(screen.getByTestId('contact-save'));
    expect(await screen.findByText('Muito longo!')).toBeInTheDocument();
  });

  test('a number already taken shows ERR_DUPLICATED_CONTACT translated and keeps the modal open', async () => {
    const { ApiError } = await import('../../lib/api');
    api.post.mockRejectedValueOnce(new ApiError(400, 'ERR_DUPLICATED_CONTACT'));
    open();
    await userEvent.type(screen.getByTestId('contact-name'), 'Ana Lima');
    await userEvent.type(screen.getByTestId('contact-number'), '+55 (11) 99999-0001');
    await userEvent.click(screen.getByTestId('add-extra-info'));
    await userEvent.type(screen.getByLabelText('Nome do campo'), 'Empresa');
    await userEvent.type(screen.getByLabelText('Valor'), 'ACME');
    await userEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/contacts', {
        name: 'Ana Lima',
        number: '5511999990001',
        email: '',
        extraInfo: [{ name: 'Empresa', value: 'ACME' }],
      }),
    );
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Já existe um contato com este número.', 'error', 2000));
    expect(onClose).not.toHaveBeenCalled();
  });

  test('an edit sends PUT with the extra info ids, removed rows left out', async () => {
    api.put.mockResolvedValueOnce(contact({ name: 'Ana Souza', extraInfo: [] }));
    open(contact());
    await userEvent.clear(screen.getByTestId('contact-name'));
    await userEvent.type(screen.getByTestId('contact-name'), 'Ana Souza');
    await userEvent.click(screen.getByRole('button', { name: 'Remover informação' }));
    await userEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/contacts/9', {
        name: 'Ana Souza',
        number: '5511999990001',
        email: '',
        extraInfo: [],
      }),
    );
    expect(notify).toHaveBeenCalledWith('Contato salvo com sucesso.');
    expect(onClose).toHaveBeenCalled();
  });

  test('a number masked by LGPD is read-only and not sent', async () => {
    api.put.mockResolvedValueOnce(contact());
    open(contact({ number: '***********01' }));
    expect(screen.getByTestId('contact-number')).toBeDisabled();
    await userEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/contacts/9', {
        name: 'Ana Lima',
        email: '',
        extraInfo: [{ id: 4, name: 'CPF', value: '123' }],
      }),
    );
  });

  describe('wallet', () => {
    const walletField = () => screen.getByRole('combobox', { name: 'Atendentes da carteira' });

    test('shows the stored wallet; an admin adds an agent by keyboard and it is saved after the contact, in order', async () => {
      api.put.mockImplementation(async (path: string, body: { userIds?: number[] }) =>
        path === '/contacts/9/wallets' ? { wallets: (body.userIds ?? []).map((id) => AGENTS.find((a) => a.id === id)) } : contact(),
      );
      open(contact());
      expect(await screen.findByText('Carlos · principal')).toBeInTheDocument();
      await userEvent.type(walletField(), 'Dia');
      await userEvent.keyboard('{ArrowDown}{Enter}');
      expect(screen.getByText('Diana')).toBeInTheDocument();
      await userEvent.click(screen.getByTestId('contact-save'));
      await waitFor(() => expect(api.put).toHaveBeenCalledWith('/contacts/9/wallets', { userIds: [8, 9] }));
      expect(api.put.mock.calls.map((c) => c[0])).toEqual(['/contacts/9', '/contacts/9/wallets']);
      expect(onClose).toHaveBeenCalled();
    });

    test('an unchanged wallet is not sent again', async () => {
      api.put.mockResolvedValue(contact());
      open(contact());
      await screen.findByText('Carlos · principal');
      await userEvent.click(screen.getByTestId('contact-save'));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(api.put.mock.calls.map((c) => c[0])).toEqual(['/contacts/9']);
    });

    test('emptying the wallet says so and sends an empty list', async () => {
      api.put.mockImplementation(async (path: string) => (path.endsWith('/wallets') ? { wallets: [] } : contact()));
      open(contact());
      const chip = (await screen.findByText('Carlos · principal')).closest('.MuiChip-root') as HTMLElement;
      await userEvent.click(chip.querySelector('.MuiChip-deleteIcon') as Element);
      expect(screen.getByText('Nenhum atendente: o contato não está na carteira de ninguém.')).toBeInTheDocument();
      await userEvent.click(screen.getByTestId('contact-save'));
      await waitFor(() => expect(api.put).toHaveBeenCalledWith('/contacts/9/wallets', { userIds: [] }));
    });

    test('a new contact gets its wallet once it has an id', async () => {
      api.post.mockResolvedValueOnce(contact({ id: 31 }));
      api.put.mockResolvedValueOnce({ wallets: [{ id: 7, name: 'Bruna' }] });
      open();
      await userEvent.type(screen.getByTestId('contact-name'), 'Ana Lima');
      await userEvent.type(screen.getByTestId('contact-number'), '5511999990001');
      await userEvent.type(walletField(), 'Bru');
      await userEvent.keyboard('{ArrowDown}{Enter}');
      await userEvent.click(screen.getByTestId('contact-save'));
      await waitFor(() => expect(api.put).toHaveBeenCalledWith('/contacts/31/wallets', { userIds: [7] }));
    });

    test('a user profile sees the wallet but cannot change it, and never sends it', async () => {
      auth.user.profile = 'user';
      api.put.mockResolvedValue(contact());
      open(contact());
      expect(await screen.findByText('Carlos · principal')).toBeInTheDocument();
      expect(walletField()).toHaveAttribute('readonly');
      await userEvent.click(screen.getByTestId('contact-save'));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(api.put.mock.calls.map((c) => c[0])).toEqual(['/contacts/9']);
      expect(api.get).not.toHaveBeenCalledWith('/users/list');
    });
  });
});
