import type { FlowSummaryView } from '@chatflow/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import FlowsPage from './FlowsPage';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));

const flow = (id: number, name: string, active = true): FlowSummaryView => ({ id, name, active, userId: 1, createdAt: '', updatedAt: '' });
const rows = () => screen.getAllByTestId('flow-row').map((r) => within(r).getAllByRole('cell')[0].textContent);

describe('FlowsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockResolvedValue({ flows: [flow(1, 'Boas-vindas'), flow(2, 'Suporte', false)], hasMore: false });
  });

  test('lists the flows with their status, and live events add and remove rows', async () => {
    renderWithProviders(<FlowsPage />);
    expect(await screen.findByText('Fluxos de conversa')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toEqual(['Boas-vindas', 'Suporte']));
    expect(within(screen.getAllByTestId('flow-row')[0]).getByText('Ativo')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('flow-row')[1]).getByText('Desativado')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/flowbuilder', { search: '', page: 1 });
    act(() => events.get('flowbuilder')?.({ action: 'create', record: flow(3, 'Campanha') }));
    await waitFor(() => expect(rows()).toEqual(['Boas-vindas', 'Campanha', 'Suporte']));
    act(() => events.get('flowbuilder')?.({ action: 'delete', id: 1 }));
    await waitFor(() => expect(rows()).toEqual(['Campanha', 'Suporte']));
  });

  test('duplicate and delete ask first with the spec texts, then say "Fluxo duplicado com sucesso" / "Fluxo excluído com sucesso"', async () => {
    api.post.mockResolvedValue(flow(9, 'Boas-vindas'));
    api.delete.mockResolvedValue({ message: 'ok' });
    renderWithProviders(<FlowsPage />);
    await screen.findAllByTestId('flow-row');
    await userEvent.click(screen.getByRole('button', { name: 'Ações do fluxo Boas-vindas' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Duplicar' }));
    expect(screen.getByText('Tem certeza que deseja duplicar este fluxo?')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/flowbuilder/duplicate', { flowId: 1 }));
    expect(notify).toHaveBeenCalledWith('Fluxo duplicado com sucesso');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Ações do fluxo Suporte' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Excluir' }));
    expect(
      screen.getByText('Tem certeza que deseja deletar este fluxo? Todas as integrações relacionados serão perdidos.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/flowbuilder/2'));
    expect(notify).toHaveBeenCalledWith('Fluxo excluído com sucesso');
  });

  test('the status switch turns a flow off ("Desativado") and on', async () => {
    api.put.mockResolvedValueOnce(flow(1, 'Boas-vindas', false)).mockResolvedValueOnce(flow(2, 'Suporte', true));
    renderWithProviders(<FlowsPage />);
    await screen.findAllByTestId('flow-row');
    await userEvent.click(screen.getByRole('switch', { name: 'Ativar ou desativar o fluxo Boas-vindas' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/flowbuilder', { flowId: 1, name: 'Boas-vindas', active: false }));
    expect(notify).toHaveBeenCalledWith('Fluxo desativado');
    await waitFor(() => expect(within(screen.getAllByTestId('flow-row')[0]).getByText('Desativado')).toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Ativar ou desativar o fluxo Boas-vindas' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('switch', { name: 'Ativar ou desativar o fluxo Suporte' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/flowbuilder', { flowId: 2, name: 'Suporte', active: true }));
    expect(notify).toHaveBeenCalledWith('Fluxo ativado');
    await waitFor(() => expect(within(screen.getAllByTestId('flow-row')[1]).getByText('Ativo')).toBeInTheDocument());
  });

  test('the name dialog: "Digite um nome!", "Muito curto!", then creates the flow', async () => {
    api.post.mockResolvedValue(flow(4, 'Vendas'));
    renderWithProviders(<FlowsPage />);
    await userEvent.click(screen.getByTestId('add-flow'));
    await userEvent.click(screen.getByTestId('flow-name-submit'));
    expect(await screen.findByText('Digite um nome!')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('flow-name'), 'V');
    await userEvent.click(screen.getByTestId('flow-name-submit'));
    expect(await screen.findByText('Muito curto!')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('flow-name'), 'endas');
    await userEvent.click(screen.getByTestId('flow-name-submit'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/flowbuilder', { name: 'Vendas' }));
    expect(notify).toHaveBeenCalledWith('Fluxo criado com sucesso');
  });
});
