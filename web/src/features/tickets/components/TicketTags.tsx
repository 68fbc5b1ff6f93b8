import type { TicketView } from '@chatflow/contract';
import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { VISIBLE_TAGS } from '../display';

/**
 * A small label. Styled once at module level with the colour inline, so a row mounting while the
 * list scrolls costs no style work (MUI Chips per row made fast scrolling drop frames).
 */
const Tag = styled('span')(({ theme }) => ({
  display: 'inline-block', flexShrink: 0, maxWidth: 110, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap',
  height: 18, lineHeight: '18px', padding: '0 6px', borderRadius: 4, fontSize: 11, fontWeight: 500,
  backgroundColor: theme.palette.action.selected, color: theme.palette.text.primary,
}));

const Line = styled('span')({ display: 'flex', gap: 4, overflow: 'hidden', flexWrap: 'nowrap', minWidth: 0 });

const colored = (color: string) => ({ backgroundColor: color, color: '#fff' });

/**
 * The item's tag line: connection, queue, owner (admins only), group, then the first two tags and
 * a "+N" counter for the rest.
 */
export function TicketTags({ ticket, showOwner }: { ticket: TicketView; showOwner: boolean }) {
  const { t } = useTranslation();
  const extra = ticket.tags.length - VISIBLE_TAGS;
  return (
    <Line data-testid="ticket-tags">
      {ticket.whatsapp && <Tag data-testid="tag-connection" title={t('tickets.list.connection')}>{ticket.whatsapp.name}</Tag>}
      <Tag data-testid="tag-queue" style={colored(ticket.queue?.color ?? '#7c7c7c')}>{ticket.queue?.name ?? t('tickets.list.noQueue')}</Tag>
      {showOwner && ticket.user && <Tag data-testid="tag-user" style={colored('#3f51b5')}>{ticket.user.name}</Tag>}
      {ticket.isGroup && <Tag data-testid="tag-group" style={colored('#607d8b')}>{t('tickets.list.group')}</Tag>}
      {ticket.tags.slice(0, VISIBLE_TAGS).map((tag) => <Tag key={tag.id} data-testid="tag-tag" style={colored(tag.color)}>{tag.name}</Tag>)}
      {extra > 0 && (
        <Tag data-testid="tag-more" title={ticket.tags.slice(VISIBLE_TAGS).map((x) => x.name).join(', ')}>
          {t('tickets.list.moreTags', { count: extra })}
        </Tag>
      )}
    </Line>
  );
}
