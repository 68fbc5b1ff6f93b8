import type { TicketView } from '@chatflow/contract';
import BlockIcon from '@mui/icons-material/Block';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  FormControlLabel,
  IconButton,
  Link,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useBlockContact } from '../../contacts';
import { KanbanLaneSelect } from '../../kanban';
import { useApplyContact, useContact, useToggleAcceptAudio } from '../hooks/use-contact';
import { ContactEditDialog } from './ContactEditDialog';
import { ContactTagBox } from './ContactTagBox';
import { ContactTickets } from './ContactTickets';
import { TicketNotes } from './TicketNotes';
import { formatPhoneNumber } from '../../../components/PhoneNumberField';

export const CONTACT_DRAWER_WIDTH = 300;
/** Below this the conversation's header actions and input row no longer fit (a 346 px thread squeezed the reply box to a sliver). */
const CONVERSATION_MIN_WIDTH = 440;
/**
 * The ticket area's width (px) from which the drawer sits beside the conversation instead of covering
 * it (issue 31). A 1280 px screen with the side menu folded to icons and the list at its default width
 * leaves about 780 px: the drawer sits beside; with the menu open (about 600 px) it covers the thread.
 */
export const CONTACT_DRAWER_BESIDE_FROM = CONTACT_DRAWER_WIDTH + CONVERSATION_MIN_WIDTH;
export const CONTACT_DRAWER_ID = 'contact-drawer-panel';

interface Props {
  ticket: TicketView;
  open: boolean;
  onClose(): void;
}

/**
 * Spec 1 §2.7: avatar, name, number, e-mail, edit, block/unblock, notes, extra info, accept audio.
 * A persistent (non-modal) panel in the ticket area, as in Whaticket-style inboxes: a modal drawer
 * would mark the rest of the page aria-hidden, and with it the toasts its own actions raise. The
 * parent is the size container (`containerType: inline-size`) the width rules below measure.
 * Opening moves focus to its close button; Escape or the close button closes it and gives focus
 * back to what opened it.
 */
export function ContactDrawer({ ticket, open, onClose }: Props) {
  const { t } = useTranslation();
  const closeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const contact = useContact(ticket.contactId, open);
  const apply = useApplyContact(ticket);
  const block = useBlockContact();
  const acceptAudio = useToggleAcceptAudio(ticket);
  const [editing, setEditing] = useState(false);
  const c = contact.data;

  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
  }, [open]);

  const close = () => {
    onClose();
    opener.current?.focus();
  };
  const closeOnEscape = (e: KeyboardEvent) => {
    // A dialog opened from the drawer (edit, delete note) takes its own Escape: MUI stops it there.
    if (e.key === 'Escape') close();
  };

  const toggleBlock = async () => {
    if (!c) return;
    try {
      const saved = await block.mutateAsync({ id: c.id, active: !c.active });
      apply({ id: c.id, active: saved?.active ?? !c.active });
      notify(t(c.active ? 'conversation.contact.blocked' : 'conversation.contact.unblocked'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Drawer
      variant="persistent"
      anchor="right"
      open={open}
      sx={{
        flexShrink: 0,
        // Beside the conversation the drawer takes its width from it; over it, none.
        width: { '@': 0, [`@${CONTACT_DRAWER_BESIDE_FROM}`]: open ? CONTACT_DRAWER_WIDTH : 0 },
        transition: (th) =>
          th.transitions.create('width', {
            duration: open ? th.transitions.duration.enteringScreen : th.transitions.duration.leavingScreen,
          }),
      }}
      slotProps={{
        paper: {
          id: CONTACT_DRAWER_ID,
          role: 'complementary',
          'aria-label': t('conversation.contact.title'),
          onKeyDown: closeOnEscape,
          sx: {
            position: 'absolute',
            zIndex: 2,
            height: '100%',
            width: { '@': '100%', [`@${CONTACT_DRAWER_BESIDE_FROM}`]: CONTACT_DRAWER_WIDTH },
          },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton ref={closeButton} onClick={close} aria-label={t('common.close')}>
          <CloseIcon />
        </IconButton>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('conversation.contact.title')}
        </Typography>
      </Box>
      {!c ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress size={28} />
        </Box>
      ) : (
        <Stack spacing={2} sx={{ p: 2, overflowY: 'auto' }} data-testid="contact-drawer">
          <Stack spacing={0.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Avatar src={c.urlPicture || undefined} alt={c.name} sx={{ width: 96, height: 96 }} />
            <Typography variant="h6" sx={{ wordBreak: 'break-word' }}>
              {c.name}
            </Typography>
            <Typography color="text.secondary" data-testid="contact-number">
              {c.isGroup ? c.number : formatPhoneNumber(c.number)}
            </Typography>
            {c.email && <Link href={`mailto:${c.email}`}>{c.email}</Link>}
            {!c.active && (
              <Typography color="error" variant="body2">
                {t('conversation.contact.isBlocked')}
              </Typography>
            )}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
            <Button size="small" variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="contact-edit">
              {t('conversation.contact.edit')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color={c.active ? 'error' : 'primary'}
              startIcon={<BlockIcon />}
              onClick={toggleBlock}
              disabled={block.isPending}
              data-testid="contact-block"
            >
              {c.active ? t('conversation.contact.block') : t('conversation.contact.unblock')}
            </Button>
          </Stack>
          <FormControlLabel
            label={t('conversation.contact.acceptAudio')}
            control={
              <Switch
                checked={c.acceptAudioMessage}
                disabled={acceptAudio.isPending}
                onChange={() => acceptAudio.mutate(c)}
                data-testid="contact-accept-audio"
              />
            }
          />
          <ContactTagBox contact={c} />
          <KanbanLaneSelect ticket={ticket} />
          <Divider />
          <TicketNotes ticketId={ticket.id} contactId={c.id} />
          <Divider />
          <ContactTickets contactId={c.id} currentUuid={ticket.uuid} />
          <Divider />
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('conversation.contact.extraInfo')}
            </Typography>
            {c.extraInfo.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('common.noRecords')}
              </Typography>
            )}
            {c.extraInfo.map((info) => (
              <Box key={info.id} sx={{ mb: 1 }} data-testid="extra-info">
                <Typography variant="caption" color="text.secondary">
                  {info.name}
                </Typography>
                <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                  {info.value}
                </Typography>
              </Box>
            ))}
          </Box>
          {editing && <ContactEditDialog contact={c} open={editing} onClose={() => setEditing(false)} onSaved={(saved) => apply(saved)} />}
        </Stack>
      )}
    </Drawer>
  );
}
