import type { ContactView, QueueRef, SessionUserView, TicketView } from '@chatflow/contract';
import {
  Autocomplete,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { type HeldTicket, heldTicketOf } from '../../../lib/held-ticket';
import { CONTACT_SEARCH_MIN, useContactSearch } from '../hooks/use-contact-search';
import { useConnections } from '../../../lib/lookups';
import { QueueDot } from '../../../components/QueueDot';
import { loadContactModal } from '../../contacts';

const ContactModal = lazy(loadContactModal);

interface Props {
  open: boolean;
  user: SessionUserView;
  queues: QueueRef[];
  onClose(): void;
  /** The ticket to show: the new one, or the user's own existing one. */
  onOpened(ticket: Pick<TicketView, 'uuid' | 'status'>): void;
  /** The contact already has a ticket held by someone else. */
  onHeld(held: HeldTicket): void;
}

type Option = ContactView | { id: 'add'; name: string };

/**
 * "Criar Ticket" (spec 1 §2.8, §4.1, §5): a contact found by name or number (3 characters or more),
 * a queue ("Selecione uma fila") and a connection. OK stays disabled until a contact is chosen.
 */
export function NewTicketModal({ open, user, queues, onClose, onOpened, onHeld }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [contact, setContact] = useState<ContactView | null>(null);
  const [queueId, setQueueId] = useState<number | ''>(queues.length === 1 ? queues[0].id : '');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const search = useContactSearch(typed);
  const connections = useConnections(open);
  const connectionList = connections.data ?? [];
  // The user's own connection, else the default one, until the user picks another.
  const fallbackConnection =
    connectionList.find((c) => c.id === user.whatsappId) ?? connectionList.find((c) => c.isDefault) ?? connectionList.at(0);
  const chosenConnection = whatsappId === '' ? (fallbackConnection?.id ?? '') : whatsappId;

  const reset = () => {
    setTyped('');
    setContact(null);
    setQueueId(queues.length === 1 ? queues[0].id : '');
    setWhatsappId('');
    setTried(false);
  };

  const submit = async () => {
    setTried(true);
    if (!contact || queueId === '' || chosenConnection === '') return;
    setBusy(true);
    try {
      const ticket = await api.post<TicketView>('/tickets', {
        contactId: contact.id,
        userId: user.id,
        status: 'open',
        queueId,
        whatsappId: chosenConnection,
        companyId: user.companyId,
      });
      onClose();
      onOpened({ uuid: ticket.uuid, status: ticket.status ?? 'open' });
    } catch (err) {
      const held = heldTicketOf(err);
      if (held && held.userId !== user.id) {
        onClose();
        onHeld(held);
      } else if (held?.uuid) {
        onClose();
        onOpened({ uuid: held.uuid, status: 'open' });
      } else {
        toastError(err);
      }
    } finally {
      setBusy(false);
    }
  };

  const options: Option[] =
    typed.trim().length >= CONTACT_SEARCH_MIN && search.settled && !search.loading
      ? [...search.contacts, { id: 'add', name: typed.trim() }]
      : search.contacts;

  return (
    <>
      <Dialog
        open={open}
        onClose={busy ? undefined : onClose}
        maxWidth="xs"
        fullWidth
        aria-labelledby="new-ticket-title"
        slotProps={{ transition: { onExited: reset } }}
      >
        <DialogTitle id="new-ticket-title">{t('tickets.newTicket.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Autocomplete<Option>
              options={options}
              value={contact}
              filterOptions={(x) => x}
              loading={search.loading}
              data-testid="new-ticket-contact"
              autoHighlight
              getOptionLabel={(o) => (o.id === 'add' ? o.name : `${o.name} - ${(o as ContactView).number}`)}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={typed.trim().length < CONTACT_SEARCH_MIN ? t('tickets.newTicket.typeMore') : t('tickets.newTicket.noOptions')}
              onInputChange={(_e, v, reason) => reason !== 'reset' && setTyped(v)}
              onChange={(_e, v) => {
                if (v && v.id === 'add') setAdding(true);
                else setContact((v as ContactView | null) ?? null);
              }}
              renderOption={(props, o) => {
                const { key, ...rest } = props as typeof props & { key: string };
                return (
                  <li key={key} {...rest}>
                    {o.id === 'add' ? `${t('common.add')} "${o.name}"` : `${o.name} - ${(o as ContactView).number}`}
                  </li>
                );
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus
                  label={t('tickets.newTicket.contact')}
                  slotProps={{
                    ...params.slotProps,
                    input: {
                      ...params.slotProps.input,
                      endAdornment: (
                        <>
                          {search.loading && <CircularProgress size={18} />}
                          {params.slotProps.input.endAdornment}
                        </>
                      ),
                    },
                  }}
                />
              )}
            />
            <TextField
              select
              fullWidth
              label={t('tickets.newTicket.queue')}
              value={queueId}
              data-testid="new-ticket-queue"
              onChange={(e) => setQueueId(Number(e.target.value))}
              error={tried && queueId === ''}
              helperText={tried && queueId === '' ? t('tickets.newTicket.selectQueue') : undefined}
            >
              {queues.map((q) => (
                <MenuItem key={q.id} value={q.id}>
                  <QueueDot color={q.color} />
                  {q.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={t('tickets.newTicket.connection')}
              value={chosenConnection}
              data-testid="new-ticket-connection"
              onChange={(e) => setWhatsappId(Number(e.target.value))}
              error={tried && chosenConnection === ''}
              helperText={tried && chosenConnection === '' ? t('tickets.newTicket.selectConnection') : undefined}
            >
              {connectionList.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('tickets.newTicket.cancel')}
          </Button>
          <Button variant="contained" onClick={submit} disabled={!contact || busy} data-testid="new-ticket-ok">
            {t('tickets.newTicket.ok')}
          </Button>
        </DialogActions>
      </Dialog>
      {adding && (
        <Suspense fallback={null}>
          <ContactModal
            open
            contact={null}
            onClose={() => setAdding(false)}
            onSaved={(c) => {
              setContact(c);
              setAdding(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
