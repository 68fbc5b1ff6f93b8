import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import FlowCampaignModal from './FlowCampaignModal';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));

const onClose = vi.fn();
const campaign = { id: 3, name: 'Promo', flowId: 7, whatsappId: 2, phrase: 'quero', status: true, createdAt: '', updatedAt: '' };

describe('FlowCampaignModal', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (path: string) =>
      path === '/flowcampaign/flows' ? [{ id: 7, name: 'Atendimento', active: true }] : [{ id: 2, name: 'Loja', status: 'CONNECTED' }],
    );
  });

  test('name, flow and phrase are required; creation sends no status and says "Frase criada com sucesso!"', async () => {
    api.post.mockResolvedValue(campaign);
    renderWithProviders(<FlowCampaignModal record={null} onClose={onClose} />);
    expect(screen.getByText('Nova campanha com fluxo por frase')).toBeInTheDocument();
    expect(screen.queryByTestId('flow-campaign-status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('flow-campaign-save'));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(3);
    expect(api.post).not.toHaveBeenCalled();

    await userEvent.type(screen.getByTestId('flow-campaign-name'), 'Promo');
    await userEvent.click(screen.getByTestId('flow-campaign-flow'));
    await userEvent.click(await screen.findByRole('option', { name: 'Atendimento' }));
    await userEvent.click(screen.getByTestId('flow-campaign-connection'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Selecione uma Conexão')).toBeInTheDocument();
    await userEvent.click(within(listbox).getByRole('option', { name: 'Loja — Conectado' }));
    await userEvent.type(screen.getByTestId('flow-campaign-phrase'), 'Quero');
    await userEvent.click(screen.getByTestId('flow-campaign-save'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/flowcampaign', { name: 'Promo', flowId: 7, whatsappId: 2, phrase: 'Quero' }),
    );
    expect(notify).toHaveBeenCalledWith('Frase criada com sucesso!');
    expect(onClose).toHaveBeenCalled();
  });

  test('the edit dialog toggles the status and saves with PUT {id, ...}', async () => {
    api.put.mockResolvedValue({ ...campaign, status: false });
    renderWithProviders(<FlowCampaignModal record={campaign} onClose={onClose} />);
    expect(screen.getByText('Editar campanha com fluxo por frase')).toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId('flow-campaign-status')).getByRole('switch'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar campanha' }));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/flowcampaign', {
        id: 3,
        name: 'Promo',
        flowId: 7,
        whatsappId: 2,
        phrase: 'quero',
        status: false,
      }),
    );
    expect(notify).toHaveBeenCalledWith('Frase alterada com sucesso!');
  });
});
