import type { TicketView, TicketViewer } from '@chatflow/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Avatar, Box, ButtonBase, Chip, IconButton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONTACT_DRAWER_ID } from '../contact/ContactDrawer';
import { ScheduleButton } from './ScheduleButton';
import { TicketActions } from './TicketActions';
import { TicketTagsSelect } from './TicketTagsSelect';
import { TicketViewers } from './TicketViewers';
import { coloredSx } from '../../../components/colored';

interface Props {
  ticket: TicketView;
  /** Whether the contact drawer is open (the contact button shows and toggles it). */
  contactOpen: boolean;
  onToggleContact(): void;
  /** The other agents who have the ticket open (useTicketViewers). */
  viewers?: readonly TicketViewer[];
}

/** Contact (opens and closes the drawer), who holds the ticket and in which queue, tags, the actions, and who else has it open. */
export function TicketHeader({ ticket, contactOpen, onToggleContact, viewers = [] }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }} data-testid="ticket-header">
      {/* On a phone the actions take a line of their own: beside them the contact's name had no width left at all. */}
      <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'center', gap: 1, px: 1, py: 0.75, minWidth: 0 }}>
        <IconButton onClick={() => navigate('/tickets')} aria-label={t('common.back')} sx={{ display: { md: 'none' } }}>
          <ArrowBackIcon />
        </IconButton>
        <ButtonBase
          onClick={onToggleContact}
          aria-expanded={contactOpen}
          aria-controls={CONTACT_DRAWER_ID}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            minWidth: 0,
            flex: { xs: '1 1 calc(100% - 56px)', sm: 1 },
            justifyContent: 'flex-start',
            borderRadius: 1,
            p: 0.5,
            textAlign: 'left',
          }}
          // Named by what it shows (the contact), as WCAG 2.5.3 asks; what it does is its description.
          title={t('conversation.contact.open')}
          data-testid="open-contact"
        >
          <Avatar src={ticket.contact.urlPicture || undefined} alt={ticket.contact.name} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }} data-testid="header-name">
              {ticket.contact.name}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                #{ticket.id}
              </Typography>
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {ticket.contact.number}
              {ticket.user && ` · ${t('conversation.header.assignedTo', { name: ticket.user.name })}`}
            </Typography>
          </Box>
        </ButtonBase>
        {ticket.queue && (
          <Chip
            size="small"
            label={ticket.queue.name}
            sx={{ ...coloredSx(ticket.queue.color), display: { xs: 'none', sm: 'inline-flex' } }}
          />
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
          <ScheduleButton ticket={ticket} />
          <TicketActions ticket={ticket} />
        </Box>
      </Box>
      <Box sx={{ px: 2, pb: 0.5 }}>
        <TicketTagsSelect ticket={ticket} />
      </Box>
      <TicketViewers viewers={viewers} />
    </Box>
  );
}
