import { Box, Chip } from '@mui/material';
import { isToday, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/** The calendar day of a timestamp, in local time: messages are grouped by it. */
export const dayKey = (iso: string) => formatDate(iso);

/** "HOJE" for today, otherwise dd/MM/yyyy (spec 1 §2.6). */
export function DayDivider({ at }: { at: string }) {
  const { t } = useTranslation();
  const label = isToday(parseISO(at)) ? t('conversation.today') : formatDate(at);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }} data-testid="day-divider">
      <Chip size="small" label={label} sx={{ fontWeight: 600, bgcolor: 'background.paper', boxShadow: 1 }} />
    </Box>
  );
}
