import type { FlowCampaignView } from '@chatflow/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import FlowCampaignsPage from './FlowCampaignsPage';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const events = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../app/providers/SocketProvider', () => ({
  useCompanyEvent: (kind: string, fn: (p: unknown) => void) => events.set(kind, fn),
}));
vi.mock('../../app/providers/AuthProvider', () => ({ useAuth: () => ({ user: { id: 1, profile: 'admin', super: false } }) }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

const campaign = (id: number, name: string, phrase = 'promo'): FlowCampaignView => ({
  id,
  name,
  flowId: 5,
  whatsappId: null,
  phrase,
  status: true,
  createdAt: '',
  updatedAt: '',
});
const rows = () => screen.queryAllByTestId('flow-campaign-row').map((r) => within(r).getAllByRole('cell')[0].textContent);

describe('/phrase-lists', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/flowcampaign') return { flow: [campaign(1, 'Promo'), campaign(2, 'Suporte')] };
      // The record as saved by someone else after the list was read.
      if (path === '/flowcampaign/1') return campaign(1, 'Promo', 'quero a promoção de hoje');
      return [];
    });
  });

  test('company-{id}-flowcampaign adds, replaces and removes rows without a reload', async () => {
    renderWithProviders(<FlowCampaignsPage />);
    await waitFor(() => expect(rows()).toEqual(['Promo', 'Suporte']));
    act(() => events.get('flowcampaign')?.({ action: 'create', record: campaign(3, 'Natal') }));
    await waitFor(() => expect(rows()).toEqual(['Promo', 'Suporte', 'Natal']));
    act(() => events.get('flowcampaign')?.({ action: 'update', record: campaign(2, 'Suporte 24h') }));
    await waitFor(() => expect(rows()).toEqual(['Promo', 'Suporte 24h', 'Natal']));
    act(() => events.get('flowcampaign')?.({ action: 'delete', id: 1 }));
    await waitFor(() => expect(rows()).toEqual(['Suporte 24h', 'Natal']));
  });

  test('the edit dialog reads the campaign again (GET /flowcampaign/{id}) and starts from it, not from the row', async () => {
    renderWithProviders(<FlowCampaignsPage />);
    await waitFor(() => expect(rows()).toEqual(['Promo', 'Suporte']));
    await userEvent.click(within(screen.getAllByTestId('flow-campaign-row')[0]).getByRole('button', { name: 'Editar' }));
    expect(await screen.findByTestId('flow-campaign-phrase')).toHaveValue('quero a promoção de hoje');
    expect(api.get).toHaveBeenCalledWith('/flowcampaign/1');
  });
});
