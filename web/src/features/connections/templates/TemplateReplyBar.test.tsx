import type { MessageTemplateView } from '@chatflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeTicket } from '../../../test/ticket-view';
import { TemplateReplyBar } from './TemplateReplyBar';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), api }));

const template = (id: number, name: string, over: Partial<MessageTemplateView> = {}): MessageTemplateView => ({
  id,
  whatsappId: 1,
  name,
  language: 'pt_BR',
  category: 'UTILITY',
  status: 'APPROVED',
  reason: '',
  sendable: true,
  header: null,
  body: 'Olá {{1}}, seu pedido {{2}} saiu.',
  footer: 'Loja',
  buttons: [{ type: 'QUICK_REPLY', text: 'Falar com atendente', url: null, phoneNumber: null }],
  variables: { header: [], body: ['1', '2'], buttons: [] },
  syncedAt: '2026-03-05T10:00:00.000Z',
  ...over,
});

const ticket = makeTicket(5, {
  channel: 'whatsappapi',
  contact: { ...makeTicket(5).contact, name: 'Maria Souza', email: 'maria@example.com' },
});

describe('TemplateReplyBar', { timeout: 90_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (path: string) => {
      if (path === '/messages/window/5') return { applies: true, open: false, closesAt: '2026-03-04T10:00:00.000Z', templates: true };
      if (path === '/whatsapp/1/templates')
        return { templates: [template(1, 'pedido'), template(2, 'pausado', { status: 'PAUSED', sendable: false })], syncedAt: null };
      throw new Error(`unexpected GET ${path}`);
    });
    api.post.mockResolvedValue({ id: 99 });
  });

  test('a closed window offers "Enviar modelo": a paused template cannot be chosen; the contact is suggested, the preview fills in, the send names the values', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TemplateReplyBar ticket={ticket} />);
    const bar = await screen.findByTestId('window-closed');
    expect(bar).toHaveTextContent('A janela de 24 horas está fechada');
    await user.click(within(bar).getByRole('button', { name: 'Enviar modelo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar modelo' });
    expect(within(dialog).getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Modelo' }));
    const options = await screen.findAllByTestId('template-option');
    expect(options.find((o) => o.dataset.templateName === 'pausado')).toHaveAttribute('aria-disabled', 'true');
    await user.click(options.find((o) => o.dataset.templateName === 'pedido')!);
    await user.click(within(dialog).getByTestId('template-var-body-1'));
    await user.click(await screen.findByRole('option', { name: /Primeiro nome/ }));
    await user.type(within(dialog).getByTestId('template-var-body-2'), '77');
    expect(within(dialog).getByTestId('template-preview-body')).toHaveTextContent('Olá Maria, seu pedido 77 saiu.');
    expect(within(dialog).getByTestId('template-preview')).toHaveTextContent('Falar com atendente');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/messages/template/5', {
        templateId: 1,
        header: {},
        body: { 1: 'Maria', 2: '77' },
        buttons: {},
      }),
    );
  });

  test('nothing shows while the window is open', async () => {
    api.get.mockResolvedValueOnce({ applies: true, open: true, closesAt: '2026-03-06T10:00:00.000Z', templates: true });
    renderWithProviders(<TemplateReplyBar ticket={ticket} />);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/messages/window/5'));
    expect(screen.queryByTestId('window-closed')).toBeNull();
  });
});
