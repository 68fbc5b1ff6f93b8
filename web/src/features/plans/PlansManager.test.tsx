import { PLAN_SWITCHES, type PlanView } from '@chatflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { ApiError, api } from '../../lib/api';
import { plainSpaces, renderWithProviders } from '../../test/render';
import { PlansManager } from './PlansManager';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
const mocked = vi.mocked(api);
// Whole MUI screens with role queries are slow in jsdom when the suite runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const plan = (over: Partial<PlanView> = {}): PlanView => ({
  id: 3,
  name: 'Básico',
  users: 5,
  connections: 2,
  queues: 4,
  amount: '49.90',
  isPublic: true,
  trialDays: 7,
  ...(Object.fromEntries(PLAN_SWITCHES.map((s) => [s, s !== 'useKanban'])) as Record<(typeof PLAN_SWITCHES)[number], boolean>),
  ...over,
});

beforeEach(() => {
  vi.clearAllMocks();
  // The list, and the plan read again by id when its edit opens.
  mocked.get.mockImplementation(async (path: string) => (path === '/plans/3' ? plan() : [plan()]));
});

test('plan amount renders as R$ 49,90', async () => {
  renderWithProviders(<PlansManager />);
  const row = await screen.findByTestId('plan-row-3');
  expect(plainSpaces(within(row).getByTestId('plan-amount').textContent)).toBe('R$ 49,90');
  expect(within(row).getByLabelText('Kanban: Não')).toBeInTheDocument();
  expect(within(row).getByLabelText('WhatsApp: Sim')).toBeInTheDocument();
});

test('an amount typed as "99,90" is sent as "99.90", switches included', async () => {
  mocked.post.mockResolvedValue(plan({ id: 9 }));
  renderWithProviders(<PlansManager />);
  await screen.findByTestId('plan-row-3');
  fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Pro' } });
  fireEvent.change(screen.getByLabelText('Valor (R$)'), { target: { value: '99,90' } });
  fireEvent.click(screen.getByRole('switch', { name: 'Kanban' }));
  fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  await waitFor(() =>
    expect(mocked.post).toHaveBeenCalledWith(
      '/plans',
      expect.objectContaining({
        name: 'Pro',
        amount: '99.90',
        useKanban: false,
        useWhatsapp: true,
        users: 1,
        trialDays: 7,
      }),
    ),
  );
  expect(await screen.findByText('Operação realizada com sucesso!')).toBeInTheDocument();
});

test('editing fills the form with the amount in pt-BR and saves with PUT', async () => {
  mocked.put.mockResolvedValue(plan());
  renderWithProviders(<PlansManager />);
  fireEvent.click(await screen.findByRole('button', { name: 'Editar Básico' }));
  await waitFor(() => expect(screen.getByLabelText('Valor (R$)')).toHaveValue('49,90'));
  fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
  await waitFor(() => expect(mocked.put).toHaveBeenCalledWith('/plans/3', expect.objectContaining({ amount: '49.90', name: 'Básico' })));
});

test('deleting a plan in use shows ERR_PLAN_IN_USE and keeps the row', async () => {
  mocked.delete.mockRejectedValue(new ApiError(409, 'ERR_PLAN_IN_USE'));
  renderWithProviders(<PlansManager />);
  fireEvent.click(await screen.findByRole('button', { name: 'Excluir Básico' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Deseja realmente excluir esse registro?');
  fireEvent.click(within(dialog).getByTestId('confirm-yes'));
  expect(await screen.findByText('Este plano está em uso por alguma empresa.')).toBeInTheDocument();
  expect(mocked.delete).toHaveBeenCalledWith('/plans/3');
  expect(screen.getByTestId('plan-row-3')).toBeInTheDocument();
});
