import type { TicketLogView } from '@chatflow/contract';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { conversationKeys } from '../keys';

/** GET /tickets-log/:id as a timeline: what happened, who did it, in which queue, when. */
export function TicketLogDialog({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const logs = useQuery({
    queryKey: conversationKeys.logs(ticketId),
    queryFn: () => api.get<TicketLogView[]>(`/tickets-log/${ticketId}`),
    enabled: open,
    staleTime: 0,
  });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('conversation.log.title')}</DialogTitle>
      <DialogContent dividers>
        {logs.isPending && <CircularProgress size={24} />}
        {logs.data?.length === 0 && <Typography color="text.secondary">{t('common.noRecords')}</Typography>}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="ticket-log">
          {logs.data?.map((log) => (
            <Box component="li" key={log.id} sx={{ position: 'relative', pl: 3, pb: 2, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
              <Box sx={{ position: 'absolute', left: -7, top: 2, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
              <Typography variant="caption" color="text.secondary">
                {format(parseISO(log.createdAt), 'dd/MM/yyyy HH:mm')}
              </Typography>
              <Typography variant="body2">
                {t(`conversation.log.types.${log.type}`, {
                  user: log.user?.name ?? t('conversation.log.system'),
                  queue: log.queue?.name ?? '-',
                })}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
