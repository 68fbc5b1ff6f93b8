import { canClosePendingTicket, hasPermission, type TicketView } from '@chatflow/contract';
import CheckIcon from '@mui/icons-material/Check';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import ReplayIcon from '@mui/icons-material/Replay';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/providers/AuthProvider';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { AcceptTicketModal } from '../../../components/AcceptTicketModal';
import { HeldTicketDialog } from '../../../components/HeldTicketDialog';
import { actorOf } from '../../../lib/actor';
import { SHORTCUTS } from '../../../lib/shortcuts';
import { useShortcut } from '../../../lib/use-shortcut';
import { patchTicket } from '../hooks/use-ticket';
import { useTicketUpdate } from '../hooks/use-ticket-update';
import { messagesElementId } from '../messages/MessagesList';
import { exportConversationPdf } from './export-pdf';
import { TicketLogDialog } from './TicketLogDialog';
import { type MoreAction, TicketMoreMenu } from './TicketMoreMenu';
import { TransferModal } from './TransferModal';

/** The header's actions by status (spec 1 §4.1): accept/ignore, return/resolve/transfer, reopen. */
export function TicketActions({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { update, busy, held, closeHeld } = useTicketUpdate(ticket);
  const [resolveAnchor, setResolveAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'queue' | 'transfer' | 'log' | 'delete' | null>(null);
  const resolveButton = useRef<HTMLButtonElement>(null);
  const active = ticket.status === 'open' || ticket.status === 'group';
  const canTransfer = active || ticket.status === 'pending';
  // The inbox's keys press these buttons, under the same conditions that show them (lib/shortcuts.ts).
  useShortcut(SHORTCUTS.accept, () => take(), !!user && ticket.status === 'pending' && !busy);
  useShortcut(SHORTCUTS.resolve, () => setResolveAnchor(resolveButton.current), !!user && active && !busy);
  useShortcut(SHORTCUTS.transfer, () => setDialog('transfer'), !!user && canTransfer);
  if (!user) return null;
  const actor = actorOf(user);
  const taken = ticket.isGroup ? 'group' : 'open';

  // Accepting or reopening puts the ticket with this agent; without a queue one is chosen first.
  const take = (queueId = ticket.queueId) => {
    if (queueId === null) return setDialog('queue');
    setDialog(null);
    void update({ status: taken, userId: user.id, queueId });
  };
  // With ratings on (userRating), a third way to resolve asks the customer for a 0-10 rating after the
  // farewell; ratingId names what is asked: the ticket's connection's ratingMessage.
  const ratingOn = user.company.settings.some((s) => s.key === 'userRating' && s.value === 'enabled') && ticket.whatsappId !== null;
  const resolve = (sendFarewellMessage: boolean, withRating = false) => {
    setResolveAnchor(null);
    void update({
      status: 'closed',
      userId: user.id,
      queueId: ticket.queueId,
      sendFarewellMessage,
      ...(withRating && ticket.whatsappId !== null ? { ratingId: ticket.whatsappId } : {}),
    });
  };

  const more = async (action: MoreAction) => {
    if (action === 'transfer' || action === 'log' || action === 'delete') return setDialog(action);
    if (action === 'pdf') return exportConversationPdf(messagesElementId(ticket.id), ticket.id).catch(toastError);
    if (action === 'toggleIntegration') return void update({ useIntegration: !ticket.useIntegration });
    try {
      const res = await api.put<{ disableBot?: boolean } | null>(`/contacts/toggleDisableBot/${ticket.contactId}`);
      const disableBot = typeof res?.disableBot === 'boolean' ? res.disableBot : !ticket.contact.disableBot;
      patchTicket(qc, ticket.uuid, (tk) => ({ ...tk, contact: { ...tk.contact, disableBot } }));
    } catch (err) {
      toastError(err);
    }
  };

  const remove = async () => {
    try {
      await api.delete(`/tickets/${ticket.id}`);
      navigate('/tickets');
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
      {ticket.status === 'pending' && (
        <>
          {canClosePendingTicket(actor) && (
            <Tooltip title={t('conversation.header.ignore')}>
              <span>
                <IconButton
                  onClick={() => void update({ status: 'closed', userId: user.id, sendFarewellMessage: false, amountUsedBotQueues: 0 })}
                  disabled={busy}
                  aria-label={t('conversation.header.ignore')}
                  data-testid="ticket-ignore"
                >
                  <DoNotDisturbIcon />
                </IconButton>
              </span>
            </Tooltip>
          )}
          <Button variant="contained" size="small" onClick={() => take()} disabled={busy} data-testid="ticket-accept">
            {t('conversation.header.accept')}
          </Button>
        </>
      )}
      {active && (
        <>
          {ticket.status === 'open' && (
            <Tooltip title={t('conversation.header.return')}>
              <span>
                <IconButton
                  onClick={() => void update({ status: 'pending', userId: null, queueId: ticket.queueId })}
                  disabled={busy}
                  aria-label={t('conversation.header.return')}
                  data-testid="ticket-return"
                >
                  <UndoIcon />
                </IconButton>
              </span>
            </Tooltip>
          )}
          <Button
            ref={resolveButton}
            variant="contained"
            size="small"
            color="success"
            startIcon={<CheckIcon />}
            disabled={busy}
            onClick={(e) => setResolveAnchor(e.currentTarget)}
            data-testid="ticket-resolve"
          >
            {t('conversation.header.resolve')}
          </Button>
          <Menu anchorEl={resolveAnchor} open={!!resolveAnchor} onClose={() => setResolveAnchor(null)}>
            <MenuItem onClick={() => resolve(true)} data-testid="resolve-farewell">
              {t('conversation.header.resolveWithFarewell')}
            </MenuItem>
            <MenuItem onClick={() => resolve(false)} data-testid="resolve-silent">
              {t('conversation.header.resolveWithout')}
            </MenuItem>
            {ratingOn && (
              <MenuItem onClick={() => resolve(true, true)} data-testid="resolve-rating">
                {t('conversation.header.resolveWithRating')}
              </MenuItem>
            )}
          </Menu>
        </>
      )}
      {ticket.status === 'closed' && (
        <Button
          variant="outlined"
          size="small"
          startIcon={<ReplayIcon />}
          onClick={() => take()}
          disabled={busy}
          data-testid="ticket-reopen"
        >
          {t('conversation.header.reopen')}
        </Button>
      )}
      <TicketMoreMenu
        ticket={ticket}
        canTransfer={canTransfer}
        canDelete={hasPermission(actor, 'ticket-options:deleteTicket')}
        onAction={(a) => void more(a)}
      />

      <AcceptTicketModal
        open={dialog === 'queue'}
        queues={user.queues}
        busy={busy}
        onAccept={(queueId) => take(queueId)}
        onClose={() => setDialog(null)}
      />
      <TransferModal
        open={dialog === 'transfer'}
        ticket={ticket}
        busy={busy}
        onClose={() => setDialog(null)}
        onTransfer={(body) => void update(body).then((done) => done && setDialog(null))}
      />
      <TicketLogDialog ticketId={ticket.id} open={dialog === 'log'} onClose={() => setDialog(null)} />
      <ConfirmationDialog
        open={dialog === 'delete'}
        title={t('conversation.header.deleteTitle', { name: ticket.contact.name })}
        onConfirm={remove}
        onClose={() => setDialog(null)}
      >
        {t('conversation.header.deleteMessage')}
      </ConfirmationDialog>
      <HeldTicketDialog held={held} onClose={closeHeld} />
    </Box>
  );
}
