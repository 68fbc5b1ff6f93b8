import type { CampaignView } from '@chatflow/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CampaignModal } from './components/CampaignModal';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const campaign = (over: Partial<CampaignView> = {}): CampaignView => ({
  id: 7,
  companyId: 1,
  name: 'Promoção',
  status: 'INATIVA',
  message1: 'Olá {nome}',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  confirmationMessage1: '',
  confirmationMessage2: '',
  confirmationMessage3: '',
  confirmationMessage4: '',
  confirmationMessage5: '',
  confirmation: false,
  scheduledAt: null,
  completedAt: null,
  contactListId: 3,
  contactList: { id: 3, name: 'Clientes' },
  tagListId: null,
  whatsappId: 2,
  whatsapp: { id: 2, name: 'Simulador' },
  userId: null,
  queueId: null,
  statusTicket: 'closed',
  openTicket: 'disabled',
  mediaPath: null,
  mediaName: null,
  contactsCount: 0,
  deliveredCount: 0,
  ...over,
});

describe('CampaignModal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (path: string) => (path === '/campaign-settings' ? [] : []));
  });

  test('the contract’s schema checks the form: a short name and no connection are refused, and nothing is sent', async () => {
    renderWithProviders(<CampaignModal record={null} onClose={vi.fn()} />);
    await userEvent.type(screen.getByTestId('campaign-name'), 'N');
    await userEvent.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(screen.getByText('Muito curto!')).toBeInTheDocument());
    expect(screen.getByText('Obrigatório')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test('a running campaign opens read-only; a cancelled one can still be saved', () => {
    const { unmount } = renderWithProviders(<CampaignModal record={campaign({ status: 'EM_ANDAMENTO' })} onClose={vi.fn()} />);
    expect(screen.getByTestId('campaign-read-only')).toBeInTheDocument();
    expect(screen.getByTestId('campaign-name')).toBeDisabled();
    expect(screen.queryByTestId('campaign-save')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<CampaignModal record={campaign({ status: 'CANCELADA' })} onClose={vi.fn()} />);
    expect(screen.getByTestId('campaign-name')).toBeEnabled();
    expect(screen.getByTestId('campaign-save')).toBeInTheDocument();
  });
});
