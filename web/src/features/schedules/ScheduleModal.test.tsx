import type { ScheduledMessageView } from '@chatflow/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ScheduleModal from './ScheduleModal';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));
vi.mock('../../lib/notify', () => ({ notify }));

const record = (over: Partial<ScheduledMessageView> = {}): ScheduledMessageView => ({
  id: 4,
  companyId: 2,
  body: 'Lembrete da consulta',
  contactId: 9,
  contact: { id: 9, name: 'Maria', number: '5511999990000' },
  sendAt: '2030-01-10T12:00:00.000Z',
  sentAt: null,
  status: 'PENDENTE',
  errorReason: null,
  openTicket: 'disabled',
  ticketUserId: null,
  ticketUser: null,
  queueId: null,
  statusTicket: 'closed',
  intervalo: 1,
  valorIntervalo: 1,
  enviarQuantasVezes: 1,
  timesSent: 0,
  tipoDias: 4,
  assinar: false,
  whatsappId: 1,
  whatsapp: { id: 1, name: 'Simulador' },
  mediaPath: null,
  mediaName: null,
  userId: 1,
  createdAt: '2029-12-01T12:00:00.000Z',
  ...over,
});
const onClose = vi.fn();
const open = (r: ScheduledMessageView | null, contact: { id: number; name: string } | null = null) =>
  renderWithProviders(<ScheduleModal open record={r} contact={contact} onClose={onClose} />);

describe('ScheduleModal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockResolvedValue([]);
  });

  test('a failed send is titled "Erro de Envio" and shows the reason', () => {
    open(record({ status: 'ERRO', errorReason: 'ERR_SCHEDULE_CONTACT_GONE' }));
    expect(screen.getByRole('dialog', { name: 'Erro de Envio' })).toBeInTheDocument();
    expect(screen.getByTestId('schedule-error')).toHaveTextContent('O contato do agendamento foi excluído.');
  });

  test('once sentAt is set the submit button is gone and the fields are read-only', () => {
    open(record({ sentAt: '2030-01-10T12:00:05.000Z', timesSent: 1, enviarQuantasVezes: 3 }));
    expect(screen.getByRole('dialog', { name: 'Mensagem Pendente' })).toBeInTheDocument();
    expect(screen.queryByTestId('schedule-save')).toBeNull();
    expect(screen.getByTestId('schedule-body')).toBeDisabled();
    expect(screen.getByText(/Envios feitos: 1 de 3/)).toBeInTheDocument();
  });

  test('a new schedule for a contact: spec defaults, the short-message message, then the payload', async () => {
    api.post.mockResolvedValue(record({ id: 11 }));
    open(null, { id: 9, name: 'Maria' });
    expect(screen.getByRole('dialog', { name: 'Novo Agendamento' })).toBeInTheDocument();
    const sendAt = (screen.getByTestId('schedule-sendAt') as HTMLInputElement).value;
    const lead = new Date(sendAt).getTime() - Date.now();
    expect(lead).toBeGreaterThan(58 * 60_000); // one hour from now, to the minute
    expect(lead).toBeLessThanOrEqual(60 * 60_000);
    await userEvent.type(screen.getByTestId('schedule-body'), 'Oi');
    await userEvent.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByText('Mensagem muito curta')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('schedule-body'), ', tudo certo para amanhã?');
    await userEvent.click(screen.getByTestId('schedule-save'));
    await vi.waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith(
      '/schedules',
      expect.objectContaining({
        contactId: 9,
        body: 'Oi, tudo certo para amanhã?',
        intervalo: 1,
        tipoDias: 4,
        enviarQuantasVezes: 1,
        openTicket: 'disabled',
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  test('removing a stored attachment says so', async () => {
    api.delete.mockResolvedValue(record({ mediaPath: null, mediaName: null }));
    open(record({ mediaPath: '/public/x.pdf', mediaName: 'receita.pdf' }));
    await userEvent.click(screen.getByLabelText('Remover anexo'));
    expect(api.delete).toHaveBeenCalledWith('/schedules/4/media-upload');
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('Anexo removido com sucesso.'));
    expect(screen.queryByText('receita.pdf')).toBeNull();
  });
});
