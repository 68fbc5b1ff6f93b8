import EventIcon from '@mui/icons-material/Event';
import { Box, Link, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { safeUrl } from '../parse/data-json';
import type { EventContent } from '../parse/special';
import { TextBody } from './TextBody';

const when = (d: Date) => format(d, 'dd/MM/yyyy HH:mm');

export function EventBody({ event }: { event: EventContent }) {
  const { t } = useTranslation();
  const link = safeUrl(event.joinLink);
  return (
    <Box data-testid="kind-event" sx={{ minWidth: 200 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <EventIcon fontSize="small" color="primary" />
        <Typography variant="subtitle2">{event.name}</Typography>
      </Box>
      <TextBody text={event.description} />
      {event.location && <Typography variant="body2">{t('conversation.kinds.eventLocation', { location: event.location })}</Typography>}
      {event.start && event.end && (
        <Typography variant="body2" data-testid="event-time">
          {t('conversation.kinds.eventTime', { start: when(event.start), end: when(event.end) })}
        </Typography>
      )}
      {event.joinLink &&
        (link ? (
          <Link href={link} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ wordBreak: 'break-all' }}>
            {event.joinLink}
          </Link>
        ) : (
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {event.joinLink}
          </Typography>
        ))}
    </Box>
  );
}
