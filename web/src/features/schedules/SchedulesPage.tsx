import { FreshRecord } from '../../components/FreshRecord';
import type { ScheduledMessageView } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Calendar, type Messages, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { api } from '../../lib/api';
import { CALENDAR_CULTURE, CALENDAR_HEIGHT, localizer, visibleRange } from './calendar-setup';
import { ScheduleEvent } from './components/ScheduleEvent';
import { useDeleteSchedule, useSchedulesInRange } from './hooks/use-schedules';
import { useSchedulesRealtime } from './hooks/use-schedules-realtime';
import ScheduleModal from './ScheduleModal';

interface CalendarEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  resource: ScheduledMessageView;
}

/** ?contactId= (from a contact): the create dialog opens for that contact. */
function useContactFromQuery() {
  const [params] = useSearchParams();
  const raw = params.get('contactId');
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const contact = useQuery({
    queryKey: ['schedules', 'contact', id],
    queryFn: () => api.get<{ id: number; name: string; number: string }>(`/contacts/${id}`),
    enabled: id !== null,
  });
  return { id, contact: contact.data ? { id: contact.data.id, name: contact.data.name || contact.data.number } : null };
}

/**
 * /schedules (spec 3 "Schedules calendar"): month, week, day and agenda views in Portuguese, 500 px
 * high; each send sits at sendAt titled with its contact's name, with edit and delete icons.
 */
export default function SchedulesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  // On a phone a month cell is too narrow for a name: the agenda (a list) is the first view there.
  const [view, setView] = useState<View>(() => (narrow ? 'agenda' : 'month'));
  const [date, setDate] = useState(() => new Date());
  const range = visibleRange(view, date);
  const query = useSchedulesInRange(range.start, range.end);
  const fromContact = useContactFromQuery();
  const [editing, setEditing] = useState<ScheduledMessageView | null | undefined>(undefined); // undefined: closed; null: new
  const remove = useDeleteSchedule();
  const deleting = useConfirmedDelete<ScheduledMessageView>((s) => remove.mutateAsync(s.id), t('schedules.deleted'));
  useSchedulesRealtime();
  useErrorToast(query);

  const events: CalendarEvent[] = useMemo(
    () =>
      (query.data ?? []).map((s) => ({
        id: s.id,
        title: s.contact?.name || s.contact?.number || t('schedules.noContact'),
        start: new Date(s.sendAt),
        end: new Date(s.sendAt),
        resource: s,
      })),
    [query.data, t],
  );
  const messages: Messages = useMemo(
    () => ({
      ...(Object.fromEntries(
        [
          'date',
          'time',
          'event',
          'allDay',
          'week',
          'work_week',
          'day',
          'month',
          'previous',
          'next',
          'yesterday',
          'tomorrow',
          'today',
          'agenda',
        ].map((k) => [k, t(`schedules.calendar.${k}`)]),
      ) as Messages),
      noEventsInRange: t('schedules.empty'),
      showMore: (count: number) => t('schedules.calendar.showMore', { count }),
    }),
    [t],
  );

  const creatingForContact = fromContact.id !== null && editing === undefined;
  const closeModal = () => {
    setEditing(undefined);
    if (fromContact.id !== null) navigate('/schedules', { replace: true });
  };

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant={narrow ? 'h6' : 'h5'} component="h1">
          {t('schedules.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing(null)}
          data-testid="add-schedule"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('schedules.add')}
        </Button>
      </Stack>
      {query.isSuccess && events.length === 0 && view !== 'agenda' && (
        <Alert severity="info" data-testid="schedules-empty">
          {t('schedules.empty')}
        </Alert>
      )}
      <Paper
        variant="outlined"
        sx={{
          p: 1,
          overflowX: 'auto',
          '& .rbc-event': { fontSize: 12 },
          // The calendar's stylesheet greys other months' days to 2.3:1 on their grey cells: the theme's secondary text reads at 4.5:1 or more.
          '& .rbc-off-range': { color: 'text.secondary' },
          '& .rbc-off-range-bg': { bgcolor: 'action.hover' },
        }}
      >
        <Box sx={{ minWidth: 340 }}>
          <Calendar<CalendarEvent>
            localizer={localizer}
            culture={CALENDAR_CULTURE}
            events={events}
            view={view}
            onView={setView}
            date={date}
            onNavigate={setDate}
            views={['month', 'week', 'day', 'agenda']}
            messages={messages}
            formats={narrow ? { weekdayFormat: 'EEEEEE' } : undefined}
            style={{ height: CALENDAR_HEIGHT }}
            popup
            onSelectEvent={(e) => setEditing(e.resource)}
            components={{
              event: ({ event }) => (
                <ScheduleEvent schedule={event.resource} title={event.title} onEdit={setEditing} onDelete={deleting.ask} />
              ),
            }}
          />
        </Box>
      </Paper>
      {(editing !== undefined || (creatingForContact && fromContact.contact)) && (
        <FreshRecord key={editing?.id ?? `new-${fromContact.id ?? ''}`} path="/schedules" row={editing ?? null} onClose={closeModal}>
          {(fresh) => (
            <ScheduleModal open record={fresh} contact={editing === undefined ? fromContact.contact : null} onClose={closeModal} />
          )}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('schedules.deleteTitle', { name: deleting.target?.contact?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('schedules.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
