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
  waitingUntil: null,
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

  test('a chosen attachment is uploaded as the multipart field "file" before the campaign is saved (it may start soon after)', async () => {
    api.post.mockResolvedValueOnce(campaign({ mediaPath: '/public/company1/media/a.png', mediaName: 'folheto.png' }));
    api.put.mockResolvedValueOnce(campaign({ mediaName: 'folheto.png' }));
    const onClose = vi.fn();
    renderWithProviders(<CampaignModal record={campaign()} onClose={onClose} />);
    expect(screen.getByText('Opcional: enviado a cada contato com a mensagem da campanha.')).toBeInTheDocument();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'folheto.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('campaign-file'), file);
    expect(screen.getByTestId('campaign-attachment')).toHaveTextContent('folheto.png');
    await userEvent.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [path, form] = api.post.mock.calls[0];
    expect(path).toBe('/campaigns/7/media-upload');
    expect((form as FormData).get('file')).toBe(file);
    expect(api.put).toHaveBeenCalledWith('/campaigns/7', expect.objectContaining({ name: 'Promoção' }));
    expect(api.post.mock.invocationCallOrder[0]).toBeLessThan(api.put.mock.invocationCallOrder[0]);
  });

  test('a stored attachment kept as it is: only the campaign is saved', async () => {
    const stored = campaign({ mediaPath: '/public/company1/media/a.png', mediaName: 'folheto.png' });
    api.put.mockResolvedValue(stored);
    const onClose = vi.fn();
    renderWithProviders(<CampaignModal record={stored} onClose={onClose} />);
    await userEvent.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.post).not.toHaveBeenCalled();
    expect(api.delete).not.toHaveBeenCalled();
  });

  test('removing the stored attachment sends DELETE before the save', async () => {
    const stored = campaign({ mediaPath: '/public/company1/media/a.png', mediaName: 'folheto.png' });
    api.put.mockResolvedValue(campaign());
    api.delete.mockResolvedValueOnce(campaign());
    const onClose = vi.fn();
    renderWithProviders(<CampaignModal record={stored} onClose={onClose} />);
    await userEvent.click(screen.getByLabelText('Remover anexo'));
    expect(screen.queryByTestId('campaign-attachment')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.delete).toHaveBeenCalledWith('/campaigns/7/media-upload');
    expect(api.delete.mock.invocationCallOrder[0]).toBeLessThan(api.put.mock.invocationCallOrder[0]);
  });

  test('a campaign that can no longer be edited shows its attachment without letting it change', () => {
    renderWithProviders(
      <CampaignModal record={campaign({ status: 'FINALIZADA', mediaPath: '/public/x.png', mediaName: 'folheto.png' })} onClose={vi.fn()} />,
    );
    expect(screen.getByTestId('campaign-attachment')).toHaveTextContent('folheto.png');
    expect(screen.getByTestId('campaign-file')).toBeDisabled();
    expect(screen.queryByLabelText('Remover anexo')).not.toBeInTheDocument();
  });
});
