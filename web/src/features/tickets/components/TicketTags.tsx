import type { TicketView } from '@chatflow/contract';
import { VISIBLE_TAGS } from '../display';
import type { TicketRowLabels } from './row-labels';
import { ROW } from './ticket-row-styles';
import { coloredStyle } from '../../../components/colored';

/**
 * One label of the tag line. It stays in the row when it has nothing to show (hidden, and without
 * its test id): the list recycles rows (row-slots.ts), and a label that is always there only
 * changes its text as the row takes another ticket, where mounting and unmounting labels on every
 * frame of a fast scroll cost a fifth of the frame.
 */
function TagLabel({
  text,
  testId,
  color,
  title,
  part,
}: {
  text: string | undefined;
  testId: string;
  color?: string;
  title?: string;
  /** Which labels give way first on a narrow row (ticket-row-styles.ts). */
  part?: 'connection' | 'tag';
}) {
  const shown = text !== undefined;
  return (
    <span
      className={ROW.tag}
      hidden={!shown}
      data-testid={shown ? testId : undefined}
      title={title}
      data-part={part}
      style={shown && color ? coloredStyle(color) : undefined}
    >
      {text}
    </span>
  );
}

/**
 * The item's tag line: connection, queue, owner (admins only), group, then the first two tags and
 * a "+N" counter for the rest. Small labels with their colour inline and their look from the list's
 * class rules (ROW.tag), so a row mounting while the list scrolls costs no style work; the texts
 * come made (labels).
 */
export function TicketTags({ ticket, showOwner, labels }: { ticket: TicketView; showOwner: boolean; labels: TicketRowLabels }) {
  const extra = ticket.tags.length - VISIBLE_TAGS;
  const owner = showOwner ? ticket.user?.name : undefined;
  return (
    <span className={ROW.tags} data-testid="ticket-tags">
      <TagLabel testId="tag-connection" part="connection" text={ticket.whatsapp?.name} title={labels.connection} />
      <TagLabel testId="tag-queue" text={ticket.queue?.name ?? labels.noQueue} color={ticket.queue?.color ?? '#7c7c7c'} />
      <TagLabel testId="tag-user" text={owner} color="#3f51b5" />
      <TagLabel testId="tag-group" text={ticket.isGroup ? labels.group : undefined} color="#607d8b" />
      {/* The search view mixes every status: a resolved ticket says so before it is opened. */}
      <TagLabel testId="tag-closed" text={ticket.status === 'closed' ? labels.closed : undefined} color="#2e7d32" />
      {Array.from({ length: VISIBLE_TAGS }, (_, i) => {
        const tag = ticket.tags[i];
        // biome-ignore lint/suspicious/noArrayIndexKey: the i-th visible tag's label, whichever tag it shows
        return <TagLabel key={i} testId="tag-tag" part="tag" text={tag?.name} color={tag?.color} />;
      })}
      <TagLabel
        testId="tag-more"
        text={extra > 0 ? labels.moreTags(extra) : undefined}
        title={
          extra > 0
            ? ticket.tags
                .slice(VISIBLE_TAGS)
                .map((x) => x.name)
                .join(', ')
            : undefined
        }
      />
    </span>
  );
}
