import type { MessageView } from '@chatflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../../lib/api';
import { plainSpaces, renderWithProviders } from '../../../test/render';
import { AGENT_ID, agent, message, ticket } from '../testing';
import { MessagesList } from './MessagesList';

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock('../../../app/providers/AuthProvider', () => ({ useAuth: () => ({ user: agent() }) }));
const mocked = vi.mocked(api);

function show(messages: MessageView[]) {
  mocked.get.mockResolvedValue({ messages, hasMore: false });
  renderWithProviders(<MessagesList ticket={ticket()} onReply={() => {}} />);
  return screen.findAllByTestId('message');
}
const bubble = (id: number) => document.querySelector(`[data-message-id="${id}"]`) as HTMLElement;

beforeEach(() => vi.clearAllMocks());

describe('MessagesList', { timeout: 20_000 }, () => {
  test('asks for page 1 of the ticket; day dividers read HOJE for today, else dd/MM/yyyy; times are HH:mm', async () => {
    const today = new Date();
    today.setHours(9, 5, 0, 0);
    await show([
      message({ id: 1, createdAt: '2024-03-02T15:30:00' }),
      message({ id: 2, createdAt: '2024-03-02T16:00:00' }),
      message({ id: 3, createdAt: today.toISOString() }),
    ]);
    expect(mocked.get).toHaveBeenCalledWith('/messages/u-10', { pageNumber: 1 });
    expect(screen.getAllByTestId('day-divider').map((d) => d.textContent)).toEqual(['02/03/2024', 'HOJE']);
    expect(within(bubble(1)).getByText('15:30')).toBeInTheDocument();
    expect(within(bubble(3)).getByText('09:05')).toBeInTheDocument();
  });

  test('acks: 0 clock, 1 sent, 2 delivered, 3 and 4 read in blue, 5 played; none on incoming', async () => {
    await show(
      [0, 1, 2, 3, 4, 5].map((ack) => message({ id: ack + 1, ack, fromMe: true, userId: AGENT_ID })).concat(message({ id: 50, ack: 3 })),
    );
    for (const ack of [0, 1, 2, 3, 4, 5]) expect(within(bubble(ack + 1)).getByTestId(`ack-${ack}`)).toBeInTheDocument();
    expect(within(bubble(4)).getByTestId('ack-3')).toHaveStyle({ color: '#34b7f1' });
    expect(within(bubble(3)).getByTestId('ack-2')).not.toHaveStyle({ color: '#34b7f1' });
    expect(within(bubble(50)).queryByTestId(/^ack-/)).toBeNull();
    expect(within(bubble(1)).getByTitle('Enviando')).toBeInTheDocument();
  });

  test('a message the network refused for good shows a red mark with the reason instead of the clock', async () => {
    await show([message({ id: 1, ack: 0, fromMe: true, userId: AGENT_ID, sendError: 'ERR_WAPP_INVALID_CONTACT' })]);
    expect(within(bubble(1)).queryByTestId('ack-0')).toBeNull();
    expect(within(bubble(1)).getByTestId('ack-failed')).toBeInTheDocument();
    expect(within(bubble(1)).getByTitle('Não enviada: Este não é um número de WhatsApp válido.')).toBeInTheDocument();
  });

  test('a delete WhatsApp refused says so on the message (issue 31)', async () => {
    await show([
      message({ id: 1, isDeleted: true, fromMe: true, userId: AGENT_ID, sendError: 'ERR_DELETE_WAPP_MSG' }),
      message({ id: 2, isDeleted: true, fromMe: true, userId: AGENT_ID }),
    ]);
    expect(within(bubble(1)).getByTestId('delete-refused')).toHaveTextContent('Não foi possível apagar no WhatsApp');
    expect(within(bubble(2)).queryByTestId('delete-refused')).toBeNull();
  });

  test('deleted messages: own and by the contact; edited, forwarded and private marks', async () => {
    await show([
      message({ id: 1, isDeleted: true, fromMe: true, userId: AGENT_ID, body: 'segredo' }),
      message({ id: 2, isDeleted: true, body: 'segredo' }),
      message({ id: 3, isEdited: true, isForwarded: true }),
      message({ id: 4, isPrivate: true, fromMe: true, userId: AGENT_ID }),
    ]);
    expect(bubble(1)).toHaveTextContent('Essa mensagem foi apagada');
    expect(bubble(1)).not.toHaveTextContent('pelo contato');
    expect(bubble(2)).toHaveTextContent('Essa mensagem foi apagada pelo contato');
    expect(screen.queryByText('segredo')).toBeNull();
    expect(bubble(3)).toHaveTextContent('Editada');
    expect(bubble(3)).toHaveTextContent('Encaminhada');
    expect(bubble(4)).toHaveTextContent('Mensagem Privada');
  });

  test('every special kind shows its fields as text; markup in a body stays literal', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await show([
      message({ id: 1, body: '<script>alert(1)</script><b>oi</b>' }),
      message({ id: 2, mediaType: 'locationMessage', body: 'https://img/x.png|https://maps.google.com/?q=1|<i>Praça</i>' }),
      message({ id: 3, mediaType: 'contactMessage', body: 'BEGIN:VCARD\nFN:<b>João</b>\nTEL;waid=5511988887777:+55\nEND:VCARD' }),
      message({ id: 4, mediaType: 'adMetaPreview', body: 'https://i/a.jpg|https://fb.com/ad|Promo <img>|Corpo|Quero saber' }),
      message({
        id: 5,
        mediaType: 'listMessage',
        body: 'Escolha',
        dataJson: {
          title: 'Cardápio',
          description: 'Escolha',
          footerText: 'rodapé',
          buttonText: 'Ver opções',
          sections: [{ title: 'Pratos', rows: [{ title: 'Pizza', description: 'grande', rowId: '1' }] }],
        },
      }),
      message({
        id: 6,
        mediaType: 'interactiveMessage',
        body: 'x',
        dataJson: {
          header: { title: 'Pague', imageUrl: null },
          body: { text: 'Corpo <script>' },
          footer: { text: 'Rodapé' },
          buttons: [{ name: 'cta_copy', display_text: 'Copiar código', copy_code: 'ABC123' }],
        },
      }),
      message({
        id: 7,
        mediaType: 'eventMessage',
        body: '',
        dataJson: {
          eventMessage: {
            name: 'Workshop',
            description: 'Aprenda',
            location: { name: 'Sala 1' },
            joinLink: 'https://call.x/1',
            startTime: Math.floor(new Date('2024-06-01T10:00:00').getTime() / 1000),
          },
        },
      }),
      message({
        id: 8,
        mediaType: 'pollCreationMessageV3',
        body: '',
        dataJson: { name: 'Qual dia?', options: [{ optionName: 'Seg' }, { optionName: 'Ter' }] },
      }),
      message({ id: 9, mediaType: 'reactionMessage', body: '👍' }),
      message({ id: 10, mediaType: 'viewOnceMessage', body: '' }),
      message({ id: 11, mediaType: 'call_log', body: '', createdAt: '2024-03-02T14:07:00' }),
      message({ id: 12, mediaType: 'interactiveMessage', body: 'sem dados', dataJson: '{not json' }),
    ]);
    expect(bubble(1)).toHaveTextContent('<script>alert(1)</script><b>oi</b>');
    expect(document.querySelector('script')).toBeNull();
    expect(bubble(1).querySelector('b')).toBeNull();
    expect(within(bubble(2)).getByRole('link', { name: /Ver localização/ })).toHaveAttribute('href', 'https://maps.google.com/?q=1');
    expect(bubble(2)).toHaveTextContent('<i>Praça</i>');
    expect(bubble(3)).toHaveTextContent('<b>João</b>');
    expect(bubble(3)).toHaveTextContent('5511988887777');
    expect(within(bubble(3)).getByRole('button', { name: 'Conversar' })).toBeInTheDocument();
    expect(bubble(4)).toHaveTextContent('Promo <img>');
    expect(bubble(4)).toHaveTextContent('Quero saber');
    for (const text of ['Cardápio', 'Pratos', 'Pizza', 'grande', 'rodapé', 'Ver opções']) expect(bubble(5)).toHaveTextContent(text);
    for (const text of ['Pague', 'Corpo <script>', 'Rodapé', 'Copiar código', 'ABC123']) expect(bubble(6)).toHaveTextContent(text);
    for (const text of ['Workshop', 'Aprenda', 'Sala 1', 'https://call.x/1', '01/06/2024 10:00 até 01/06/2024 12:00'])
      expect(bubble(7)).toHaveTextContent(text);
    for (const text of ['Qual dia?', 'Seg', 'Ter']) expect(bubble(8)).toHaveTextContent(text);
    expect(bubble(9)).toHaveTextContent('👍');
    expect(bubble(10)).toHaveTextContent('Mensagem de visualização única');
    expect(bubble(11)).toHaveTextContent('Chamada de voz/vídeo perdida às 14:07');
    // An unreadable payload is logged and not shown.
    expect(bubble(12)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('message 12'));
  });

  test('a PIX message shows the total in R$ from cents, the first item and the reference', async () => {
    await show([
      message({
        id: 1,
        mediaType: 'interactiveMessage',
        body: '[PIX] Plano - R$ 1.234,50',
        fromMe: true,
        userId: AGENT_ID,
        dataJson: {
          referenceId: 'REF9',
          totalAmount: 123450,
          currency: 'BRL',
          order: { items: [{ name: 'Plano anual', amount: 123450 }] },
          headerThumbnail: null,
        },
      }),
    ]);
    expect(plainSpaces(screen.getByTestId('pix-total').textContent)).toBe('R$ 1.234,50');
    expect(bubble(1)).toHaveTextContent('Plano anual');
    expect(bubble(1)).toHaveTextContent('Referência: REF9');
  });

  test('the copy button of an interactive message copies its code and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    await show([
      message({
        id: 1,
        mediaType: 'interactiveMessage',
        body: 'x',
        dataJson: {
          body: { text: 'b' },
          footer: { text: '' },
          buttons: [
            { name: 'cta_copy', display_text: 'Copiar', copy_code: 'C0D3' },
            { name: 'cta_call', display_text: 'Ligar', phoneNumber: '5511' },
            { name: 'cta_url', display_text: 'Abrir', url: '' },
          ],
        },
      }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith('C0D3');
    expect(await screen.findByText('Código copiado!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ligar' }));
    expect(await screen.findByText('Não é possível realizar chamadas pelo sistema, tente pelo celular.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Nenhum link disponível.')).toBeInTheDocument();
  });

  test('a reply shows the quoted message above it', async () => {
    await show([
      message({
        id: 2,
        body: 'resposta',
        fromMe: true,
        userId: AGENT_ID,
        quotedMsg: {
          id: 1,
          body: 'pergunta original',
          fromMe: false,
          mediaType: 'conversation',
          mediaUrl: null,
          contact: { name: 'Maria' },
        },
      }),
    ]);
    const quoted = within(bubble(2)).getByTestId('quoted');
    expect(quoted).toHaveTextContent('Maria');
    expect(quoted).toHaveTextContent('pergunta original');
  });

  test('the options menu offers edit only on own messages within 15 minutes', async () => {
    const old = new Date(Date.now() - 16 * 60_000).toISOString();
    await show([
      message({ id: 1, fromMe: true, userId: AGENT_ID }),
      message({ id: 2, fromMe: true, userId: AGENT_ID, createdAt: old }),
      message({ id: 3, fromMe: false }),
      message({ id: 4, fromMe: true, userId: 99 }),
    ]);
    const optionsOf = async (id: number) => {
      await userEvent.click(within(bubble(id)).getByRole('button', { name: 'Opções da mensagem' }));
      const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return items;
    };
    expect(await optionsOf(1)).toEqual(['Responder', 'Encaminhar', 'Editar mensagem', 'Deletar']);
    expect(await optionsOf(2)).toEqual(['Responder', 'Encaminhar', 'Deletar']);
    expect(await optionsOf(3)).toEqual(['Responder', 'Encaminhar']);
    expect(await optionsOf(4)).toEqual(['Responder', 'Encaminhar']);
  });
});
