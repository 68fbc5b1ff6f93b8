import type { TicketView } from '@chatflow/contract';
import { VISIBLE_TAGS } from '../display';
import type { TicketRowLabels } from './row-labels';
import { ROW } from './ticket-row-styles';

const colored = (color: string) => ({ backgroundColor: color, color: '#fff' });

/**
 * The item's tag line: connection, queue, owner (admins only), group, then the first two tags and
 * a "+N" counter for the rest. Small labels with their colour inline and their look from the list's
 * class rules (ROW.tag), so a row mounting while the list scrolls costs no style work; the texts
 * come made (labels).
 */
export function TicketTags({ ticket, showOwner, labels }: { ticket: TicketView; showOwner: boolean; labels: TicketRowLabels }) {
  const extra = ticket.tags.length - VISIBLE_TAGS;
  return (
    <span className={ROW.tags} data-testid="ticket-tags">
      {ticket.whatsapp && <span className={ROW.tag} data-testid="tag-connection" title={labels.connection}>{ticket.whatsapp.name}</span>}
      <span className={ROW.tag} data-testid="tag-queue" style={colored(ticket.queue?.color ?? '#7c7c7c')}>{ticket.queue?.name ?? labels.noQueue}</span>
      {showOwner && ticket.user && <span className={ROW.tag} data-testid="tag-user" style={colored('#3f51b5')}>{ticket.user.name}</span>}
      {ticket.isGroup && <span className={ROW.tag} data-testid="tag-group" style={colored('#607d8b')}>{labels.group}</span>}
      {ticket.tags.slice(0, VISIBLE_TAGS).map((tag) => (
        <span key={tag.id} className={ROW.tag} data-testid="tag-tag" style={colored(tag.color)}>{tag.name}</span>
      ))}
      {extra > 0 && (
        <span className={ROW.tag} data-testid="tag-more" title={ticket.tags.slice(VISIBLE_TAGS).map((x) => x.name).join(', ')}>
          {labels.moreTags(extra)}
        </span>
      )}
    </span>
  );
}
