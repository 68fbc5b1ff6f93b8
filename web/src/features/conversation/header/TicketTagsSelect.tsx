import type { TagRef, TicketView } from '@chatflow/contract';
import { Autocomplete, Box, Chip, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useTagList } from '../../../lib/lookups';
import { patchTicket, setTicket } from '../hooks/use-ticket';
import { coloredSx } from '../../../components/colored';

/**
 * The ticket's tags. Adding one is PUT /ticket-tags/:ticketId/:tagId; the API removes only all at
 * once (DELETE /ticket-tags/:ticketId), so a removal clears them and puts back the ones that stay.
 */
export function TicketTagsSelect({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tags = useTagList();
  const [busy, setBusy] = useState(false);
  const options: TagRef[] = (tags.data ?? []).filter((tag) => tag.kanban !== 1).map(({ id, name, color }) => ({ id, name, color }));

  const change = async (next: TagRef[]) => {
    const before = ticket.tags;
    const added = next.filter((n) => !before.some((b) => b.id === n.id));
    const removed = before.some((b) => !next.some((n) => n.id === b.id));
    patchTicket(qc, ticket.uuid, (tk) => ({ ...tk, tags: next }));
    setBusy(true);
    try {
      let saved: TicketView | null = null;
      if (removed) {
        saved = await api.delete<TicketView>(`/ticket-tags/${ticket.id}`);
        for (const tag of next) saved = await api.put<TicketView>(`/ticket-tags/${ticket.id}/${tag.id}`);
      } else {
        for (const tag of added) saved = await api.put<TicketView>(`/ticket-tags/${ticket.id}/${tag.id}`);
      }
      if (saved?.id === ticket.id) setTicket(qc, saved);
      // Spec 3 §8: a removal and an addition each say so.
      notify(t(removed ? 'conversation.tags.removed' : 'conversation.tags.added'));
    } catch (err) {
      patchTicket(qc, ticket.uuid, (tk) => ({ ...tk, tags: before }));
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={ticket.tags}
      disabled={busy}
      limitTags={3}
      onChange={(_, v) => void change(v)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderValue={(value, getItemProps) =>
        value.map((tag, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} {...props} size="small" label={tag.name} sx={coloredSx(tag.color)} />;
        })
      }
      renderOption={(props, tag) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: tag.color, mr: 1 }} />
            {tag.name}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} variant="standard" placeholder={ticket.tags.length ? '' : t('conversation.tags.placeholder')} />
      )}
      sx={{ minWidth: 200, flex: 1 }}
      data-testid="ticket-tags"
    />
  );
}
