import { DEFAULT_LANE_ID, type TicketView } from '@chatflow/contract';
import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/providers/AuthProvider';
import { laneOfTicket } from './board-cache';
import { useLanes } from './hooks/use-lanes';
import { moveTicketToLane } from './hooks/use-move-card';

/**
 * The contact drawer's kanban selector: the lane of the contact's open ticket, and a move to another
 * (the same request as a drag on the board; the ticket event brings the new tags to every screen).
 * Shown only when the company's plan has the kanban.
 */
export function KanbanLaneSelect({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const enabled = !!user?.company.plan?.useKanban;
  const lanes = useLanes('', enabled);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  if (!enabled || !lanes.data) return null;
  const current = chosen ?? laneOfTicket(ticket, new Set(lanes.data.map((l) => l.id)));

  const change = async (laneId: number) => {
    setChosen(laneId);
    setBusy(true);
    try {
      await moveTicketToLane(ticket.id, laneId);
    } catch (err) {
      console.error('kanban: the ticket did not move', err);
    } finally {
      setChosen(null);
      setBusy(false);
    }
  };

  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t('kanban.select.label')}
      value={current}
      disabled={busy}
      onChange={(e) => void change(Number(e.target.value))}
      slotProps={{ htmlInput: { 'data-testid': 'kanban-lane-select' } }}
    >
      <MenuItem value={DEFAULT_LANE_ID}>{t('kanban.select.none')}</MenuItem>
      {lanes.data.map((l) => (
        <MenuItem key={l.id} value={l.id}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
