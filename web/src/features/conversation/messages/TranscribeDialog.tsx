import type { MessageView } from '@chatflow/contract';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { transcribeAudio } from '../hooks/transcribe';

/** The transcription of an incoming audio, asked for when the dialog opens. */
export function TranscribeDialog({ message, onClose }: { message: MessageView | null; onClose(): void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['conversation', 'transcription', message?.id],
    queryFn: () => transcribeAudio(message?.mediaUrl ?? null),
    enabled: !!message,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Dialog open={!!message} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('conversation.transcribe.title')}</DialogTitle>
      <DialogContent>
        {query.isFetching && <CircularProgress size={24} />}
        {query.isError && <Alert severity="error">{(query.error as Error).message}</Alert>}
        {query.isSuccess && !query.isFetching && (
          <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="transcription">
            {query.data}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
