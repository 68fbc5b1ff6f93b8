import type { ContactListImportResult } from '@chatflow/contract';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { uploadItems } from '../hooks/files';

type Phase =
  | { kind: 'uploading'; fraction: number }
  | { kind: 'done'; result: ContactListImportResult }
  | { kind: 'failed'; message: string };

/**
 * The import of a spreadsheet into a list: the upload's progress, then the server's summary — how
 * many items were created and every row left out with its reason.
 */
export function ImportDialog({ listId, file, onClose }: { listId: number; file: File; onClose(): void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'uploading', fraction: 0 });
  const started = useRef(false); // one upload per dialog, also when an effect runs twice in development
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    uploadItems(listId, file, (fraction) => setPhase((p) => (p.kind === 'uploading' ? { kind: 'uploading', fraction } : p)))
      .then((result) => setPhase({ kind: 'done', result }))
      .catch((err) => setPhase({ kind: 'failed', message: errorMessage(err) }));
  }, [listId, file]);
  return (
    <Dialog open onClose={phase.kind === 'uploading' ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="import-title">
      <DialogTitle id="import-title">{t('contactLists.import.title', { file: file.name })}</DialogTitle>
      <DialogContent dividers>
        {phase.kind === 'uploading' && (
          <Box data-testid="import-progress">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {phase.fraction < 1
                ? t('contactLists.import.uploading', { percent: Math.round(phase.fraction * 100) })
                : t('contactLists.import.processing')}
            </Typography>
            <LinearProgress variant={phase.fraction < 1 ? 'determinate' : 'indeterminate'} value={phase.fraction * 100} />
          </Box>
        )}
        {phase.kind === 'failed' && <Alert severity="error">{phase.message}</Alert>}
        {phase.kind === 'done' && (
          <Box data-testid="import-summary">
            <Alert severity={phase.result.ignored.length ? 'warning' : 'success'} sx={{ mb: 1 }}>
              {t('contactLists.import.summary', { created: phase.result.created, ignored: phase.result.ignored.length })}
            </Alert>
            {phase.result.ignored.length > 0 && (
              <List dense sx={{ maxHeight: 280, overflowY: 'auto' }}>
                {phase.result.ignored.map((r) => (
                  <ListItem key={r.row} disableGutters>
                    {t('contactLists.import.ignoredRow', {
                      row: r.row,
                      number: r.number,
                      reason: t(`contactLists.import.reasons.${r.reason}`),
                    })}
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={phase.kind === 'uploading'} data-testid="import-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
