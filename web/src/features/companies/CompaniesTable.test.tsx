import { addDays, type CompanyView, DEFAULT_TIME_ZONE, todayIn } from '@chatflow/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../lib/api';
import { CompaniesManager } from './CompaniesManager';
import { CompaniesTable, TONE_BACKGROUND } from './CompaniesTable';
import { plainSpaces, renderWithProviders } from '../../test/render';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
const mocked = vi.mocked(api);
// Whole MUI screens with role queries are slow in jsdom when the suite runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const today = todayIn(DEFAULT_TIME_ZONE);
const company = (id: number, name: string, dueDate: string): CompanyView => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  phone: '',
  document: '',
  addressStreet: '',
  addressCity: '',
  addressState: '',
  planId: 7,
  plan: { id: 7, name: 'Pro', amount: '49.90' },
  status: true,
  dueDate,
  recurrence: 'MENSAL',
  paymentMethod: '',
  numberAttendants: 1,
  numberConections: 1,
  schedules: [],
  createdAt: '2024-03-05T12:00:00.000Z',
  lastLogin: null,
  folderSize: 0,
  numberFileFolder: 0,
  updatedAtFolder: null,
});
const noop = () => {};

describe('companies table', () => {
  test('tints a row red for a past due date, yellow 3 days ahead, none a month ahead', () => {
    render(
      <CompaniesTable
        onEdit={noop}
        onDelete={noop}
        onRenew={noop}
        onAddUser={noop}
        companies={[
          company(10, 'Late', addDays(today, -2)),
          company(11, 'Soon', addDays(today, 3)),
          company(12, 'Fine', addDays(today, 30)),
        ]}
      />,
    );
    const late = screen.getByTestId('company-row-10');
    const soon = screen.getByTestId('company-row-11');
    const fine = screen.getByTestId('company-row-12');
    expect(late).toHaveAttribute('data-tone', 'overdue');
    expect(late).toHaveStyle({ backgroundColor: TONE_BACKGROUND.overdue });
    expect(soon).toHaveAttribute('data-tone', 'soon');
    expect(soon).toHaveStyle({ backgroundColor: TONE_BACKGROUND.soon });
    expect(fine).toHaveAttribute('data-tone', 'ok');
    expect(fine).not.toHaveStyle({ backgroundColor: TONE_BACKGROUND.soon });
  });

  test('a company due today is red; the main company never is', () => {
    render(
      <CompaniesTable
        onEdit={noop}
        onDelete={noop}
        onRenew={noop}
        onAddUser={noop}
        companies={[company(20, 'Today', today), company(1, 'Main', '2999-12-31')]}
      />,
    );
    expect(screen.getByTestId('company-row-20')).toHaveAttribute('data-tone', 'overdue');
    expect(screen.getByTestId('company-row-1')).toHaveAttribute('data-tone', 'ok');
  });

  test('shows amount in BRL and dates as dd/MM/yyyy', () => {
    render(
      <CompaniesTable onEdit={noop} onDelete={noop} onRenew={noop} onAddUser={noop} companies={[company(30, 'Acme', '2030-01-15')]} />,
    );
    const row = screen.getByTestId('company-row-30');
    expect(plainSpaces(row.textContent)).toContain('R$ 49,90');
    expect(row).toHaveTextContent('15/01/2030');
    expect(row).toHaveTextContent('05/03/2024');
  });
});

describe('companies manager', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    mocked.get.mockImplementation(async (path: string) => {
      if (path === '/plans/all') return [];
      if (path === '/companiesPlan') return { companies: [company(40, 'Acme', '2030-01-15')], count: 1, hasMore: false };
      throw new Error(`unexpected GET ${path}`);
    });
  });

  test('an empty form shows the contract messages and sends nothing', async () => {
    renderWithProviders(<CompaniesManager />);
    await screen.findByTestId('company-row-40');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('E-mail é obrigatório')).toBeInTheDocument();
    expect(mocked.post).not.toHaveBeenCalled();
  });

  test('renewing asks first, then shows the new due date', async () => {
    mocked.post.mockResolvedValue(company(40, 'Acme', '2030-02-15'));
    renderWithProviders(<CompaniesManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'Renovar licença Acme' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-yes'));
    expect(await screen.findByText('Sua licença foi renovada até 15/02/2030!')).toBeInTheDocument();
    expect(mocked.post).toHaveBeenCalledWith('/companies/40/renew');
  });

  test('a save failure without a known code shows the spec text', async () => {
    mocked.get.mockImplementation(async (path: string) => {
      if (path === '/plans/all') return [{ id: 7, name: 'Pro', amount: '49.90' }];
      return { companies: [], count: 0, hasMore: false };
    });
    mocked.post.mockRejectedValue(new Error('network'));
    renderWithProviders(<CompaniesManager />);
    expect(await screen.findByText('Nenhuma empresa encontrada')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Nova' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'nova@example.com' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plano' }));
    fireEvent.click(await screen.findByRole('option', { name: /Pro/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(mocked.post).toHaveBeenCalledWith('/companies', expect.objectContaining({ name: 'Nova', planId: 7 })));
    expect(await screen.findByText(/Não foi possível realizar a operação\. Verifique se já existe uma empresa/)).toBeInTheDocument();
  });

  test('edit reads the company again, fills the form from it and saves with PUT, without a password', async () => {
    const acme = {
      ...company(40, 'Acme', '2030-01-15'),
      addressStreet: 'Rua A, 10',
      addressCity: 'Curitiba',
      addressState: 'PR',
      paymentMethod: 'PIX',
    };
    mocked.get.mockImplementation(async (path: string) => {
      if (path === '/plans/all') return [{ id: 7, name: 'Pro', amount: '49.90' }];
      // GET /companies/40 has the city another operator saved after the list was read.
      if (path === '/companies/40') return acme;
      return { companies: [{ ...acme, addressCity: 'Londrina' }], count: 1, hasMore: false };
    });
    mocked.put.mockResolvedValue(company(40, 'Acme 2', '2030-01-15'));
    renderWithProviders(<CompaniesManager />);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Acme' }));
    // The form is remounted with the record read back.
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveValue('Acme'));
    expect(mocked.get).toHaveBeenCalledWith('/companies/40');
    const name = screen.getByLabelText('Nome');
    expect(screen.queryByLabelText('Senha do primeiro usuário')).toBeNull();
    expect(screen.getByLabelText('Cidade')).toHaveValue('Curitiba');
    fireEvent.change(name, { target: { value: 'Acme 2' } });
    fireEvent.change(screen.getByLabelText('Forma de pagamento'), { target: { value: 'Boleto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(mocked.put).toHaveBeenCalledWith(
        '/companies/40',
        expect.objectContaining({
          name: 'Acme 2',
          email: 'acme@example.com',
          planId: 7,
          dueDate: '2030-01-15',
          recurrence: 'MENSAL',
          // The address goes back as it was (not erased), the payment method as changed.
          addressStreet: 'Rua A, 10',
          addressCity: 'Curitiba',
          addressState: 'PR',
          paymentMethod: 'Boleto',
        }),
      ),
    );
    expect(mocked.put.mock.calls[0][1]).not.toHaveProperty('password');
    expect(await screen.findByText('Operação realizada com sucesso!')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('');
  });

  test('a list that fails to load shows the error, not also "none found"', async () => {
    mocked.get.mockImplementation(async (path: string) => {
      if (path === '/plans/all') return [];
      throw new Error('down');
    });
    renderWithProviders(<CompaniesManager />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('Nenhuma empresa encontrada')).toBeNull();
  });
});
