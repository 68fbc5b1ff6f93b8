import type { TicketView } from '@chatflow/contract';
import EventIcon from '@mui/icons-material/Event';
import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/providers/AuthProvider';
import { loadScheduleModal } from '../../schedules';

const ScheduleModal = lazy(loadScheduleModal);

/** The header's schedule button (spec 1 §4): the schedule dialog for the ticket's contact; shown with the plan's useSchedules. */
export function ScheduleButton({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user?.company.plan?.useSchedules) return null;
  return (
    <>
      <Tooltip title={t('conversation.header.schedule')}>
        <IconButton onClick={() => setOpen(true)} aria-label={t('conversation.header.schedule')} data-testid="ticket-schedule">
          <EventIcon />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ScheduleModal
            open
            record={null}
            contact={{ id: ticket.contact.id, name: ticket.contact.name || ticket.contact.number }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
