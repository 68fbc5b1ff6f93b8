import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  /** create: "Adicionar"; edit: "Salvar". */
  mode: 'create' | 'edit';
  onSubmit: FormEventHandler;
  onClose(): void;
  busy?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/** The frame of every node dialog: a form, so Enter submits and Escape closes; Cancelar and Adicionar/Salvar. */
export function NodeDialogShell({ title, mode, onSubmit, onClose, busy = false, maxWidth = 'sm', children }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth={maxWidth} fullWidth scroll="paper" aria-labelledby="node-dialog-title">
      <DialogTitle id="node-dialog-title">{title}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('flows.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="node-dialog-submit">
            {busy ? <CircularProgress size={20} /> : mode === 'create' ? t('flows.dialog.add') : t('flows.dialog.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** What every node dialog receives: the node's data when editing (null when adding) and where to send the result. */
export interface NodeDialogProps {
  data: Record<string, unknown> | null;
  onSave(data: Record<string, unknown>): void;
  onClose(): void;
}

export const dialogMode = (data: unknown): 'create' | 'edit' => (data ? 'edit' : 'create');
