import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../components/use-error-toast';
import { useReportLogs } from '../hooks/use-report';

/** A report row's ticket log: what happened, who did it, in which queue, when (the conversation's log texts). */
export function ReportLogDialog({ ticketId, onClose }: { ticketId: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const logs = useReportLogs(ticketId);
  useErrorToast(logs);
  return (
    <Dialog open={ticketId !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('conversation.log.title')} #{ticketId}
      </DialogTitle>
      <DialogContent dividers>
        {logs.isPending && <CircularProgress size={24} />}
        {logs.data?.length === 0 && <Typography color="text.secondary">{t('common.noRecords')}</Typography>}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="report-ticket-log">
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
