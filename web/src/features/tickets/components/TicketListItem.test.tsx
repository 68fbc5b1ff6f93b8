import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import i18n from '../../../i18n';
import { makeTicket } from '../testing';
import { ticketRowLabels } from './row-labels';
import { TicketListItem } from './TicketListItem';

const labels = ticketRowLabels(i18n.getFixedT('pt'));

function rowProps(ticket = makeTicket(1), over: Partial<Parameters<typeof TicketListItem>[0]> = {}) {
  return {
    ticket,
    selected: false,
    tabStop: true,
    showOwner: false,
    canIgnore: false,
    busy: false,
    labels,
    onSelect: vi.fn(),
    onAccept: vi.fn(),
    onIgnore: vi.fn(),
    ...over,
  };
}

function renderItem(ticket = makeTicket(1), over: Partial<Parameters<typeof TicketListItem>[0]> = {}) {
  const props = rowProps(ticket, over);
  render(<TicketListItem {...props} />);
  return props;
}

const at = (d: Date) => d.toISOString();

describe('TicketListItem', () => {
  test('cuts the contact name at 60 and the last message at 40 characters', () => {
    renderItem(makeTicket(1, { contact: { ...makeTicket(1).contact, name: 'N'.repeat(70) }, lastMessage: 'm'.repeat(45) }));
    expect(screen.getByTestId('ticket-contact')).toHaveTextContent(`${'N'.repeat(60)}...`);
    expect(screen.getByTestId('ticket-last-message')).toHaveTextContent(`${'m'.repeat(40)}...`);
  });

  test('media show as what they are, never as a stored file name (issue 31)', () => {
    const media = (type: 'image' | 'audio' | 'document', over = {}) => ({ type, name: null, seconds: null, ...over });
    renderItem(makeTicket(1, { lastMessage: '', lastMessageMedia: media('image') }));
    renderItem(makeTicket(2, { lastMessage: '', lastMessageMedia: media('audio', { seconds: 5 }) }));
    renderItem(makeTicket(3, { lastMessage: 'Segue o contrato', lastMessageMedia: media('document', { name: 'contrato.pdf' }) }));
    renderItem(makeTicket(4, { lastMessage: 'Olha essa bolsa', lastMessageMedia: media('image') }));
    const previews = screen.getAllByTestId('ticket-last-message').map((el) => el.textContent);
    expect(previews).toEqual(['📷 Foto', '🎤 0:05', '📄 contrato.pdf · Segue o contrato', '📷 Olha essa bolsa']);
  });

  test('shows the time for today and the date otherwise', () => {
    const today = new Date();
    today.setHours(9, 5, 0, 0);
    renderItem(makeTicket(1, { updatedAt: at(today) }));
    expect(screen.getByTestId('ticket-time')).toHaveTextContent(/^09:05$/);
  });

  test('an older ticket shows dd/MM/yyyy', () => {
    renderItem(makeTicket(1, { updatedAt: at(new Date(2023, 2, 7, 15, 0)) }));
    expect(screen.getByTestId('ticket-time')).toHaveTextContent('07/03/2023');
  });

  test('the rating emoji shows on resolved tickets only', () => {
    renderItem(makeTicket(1, { status: 'closed', userRating: { rate: 10 } }));
    expect(screen.getByRole('img', { name: 'love' })).toHaveTextContent('😍');
  });

  test('no rating emoji on an open ticket, even with a rating', () => {
    renderItem(makeTicket(1, { status: 'open', userRating: { rate: 1 } }));
    expect(screen.queryByTestId('ticket-rating')).toBeNull();
  });

  test('the owner tag is for admins; tags show two plus a count; group and connection tags', () => {
    const tags = [1, 2, 3, 4].map((id) => ({ id, name: `tag${id}`, color: '#123456' }));
    renderItem(makeTicket(1, { tags, isGroup: true }), { showOwner: true });
    const line = screen.getByTestId('ticket-tags');
    expect(within(line).getByTestId('tag-user')).toHaveTextContent('Ana');
    expect(
      within(line)
        .getAllByTestId('tag-tag')
        .map((el) => el.textContent),
    ).toEqual(['tag1', 'tag2']);
    expect(within(line).getByTestId('tag-more')).toHaveTextContent('+2');
    expect(within(line).getByTestId('tag-group')).toHaveTextContent('Grupo');
    expect(within(line).getByTestId('tag-connection')).toHaveTextContent('Sim');
    expect(within(line).getByTestId('tag-queue')).toHaveTextContent('Vendas');
  });

  test('the queue label is painted in the queue colour, with text that reads on it', () => {
    const queue = (color: string) => ({ id: 1, name: 'Vendas', color });
    const { unmount } = render(<TicketListItem {...rowProps(makeTicket(1, { queue: queue('#FFEB3B') }))} />);
    // jsdom reports colours as rgb(): a yellow queue keeps its yellow and gets near-black text.
    expect(screen.getByTestId('tag-queue')).toHaveStyle({ backgroundColor: 'rgb(255, 235, 59)', color: 'rgba(0, 0, 0, 0.87)' });
    unmount();
    render(<TicketListItem {...rowProps(makeTicket(1, { queue: queue('#0000FF') }))} />);
    expect(screen.getByTestId('tag-queue')).toHaveStyle({ backgroundColor: 'rgb(0, 0, 255)', color: 'rgb(255, 255, 255)' });
  });

  test('a user sees no owner tag; a ticket without a queue says so', () => {
    renderItem(makeTicket(1, { queueId: null, queue: null }), { showOwner: false });
    expect(screen.queryByTestId('tag-user')).toBeNull();
    expect(screen.getByTestId('tag-queue')).toHaveTextContent('Sem fila');
  });

  test('unread badge; waiting tickets offer accept, and ignore only when allowed', async () => {
    const props = renderItem(makeTicket(1, { status: 'pending', userId: null, user: null, unreadMessages: 3 }), { canIgnore: true });
    expect(screen.getByTestId('ticket-unread')).toHaveTextContent('3');
    // The ignore button comes before ACEITAR, not right after it where a slip would land.
    expect(screen.getByTestId('ticket-ignore').compareDocumentPosition(screen.getByTestId('ticket-accept'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await userEvent.click(screen.getByTestId('ticket-accept'));
    expect(props.onAccept).toHaveBeenCalledWith(props.ticket);
    expect(props.onSelect).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('ticket-ignore'));
    expect(props.onIgnore).toHaveBeenCalledWith(props.ticket);
    await userEvent.click(screen.getByTestId('ticket-contact'));
    expect(props.onSelect).toHaveBeenCalledWith(props.ticket);
  });

  test('the channel icon and the ignore button are named for screen readers; the open ticket is marked current', () => {
    renderItem(makeTicket(1, { status: 'pending', channel: 'instagram' }), { canIgnore: true, selected: true });
    expect(screen.getByRole('img', { name: 'Instagram' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ignorar' })).toBeInTheDocument();
    expect(screen.getByTestId('ticket-item')).toHaveAttribute('aria-current', 'true');
  });

  test('no ignore button without the right; no accept on an open ticket', () => {
    renderItem(makeTicket(1, { status: 'pending' }), { canIgnore: false });
    expect(screen.getByTestId('ticket-accept')).toBeInTheDocument();
    expect(screen.queryByTestId('ticket-ignore')).toBeNull();
  });
});
