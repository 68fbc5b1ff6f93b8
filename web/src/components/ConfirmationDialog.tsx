import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: ReactNode;
  /** Defaults to the spec's "Deseja realmente excluir esse registro?". */
  children?: ReactNode;
  /** May be async: the buttons stay disabled until it settles, then the dialog closes. */
  onConfirm(): void | Promise<void>;
  onClose(): void;
  confirmLabel?: string;
  /** Defaults to "Não". */
  cancelLabel?: string;
  /** Red for deletions (the default); 'primary' for a confirmation that destroys nothing (renewals). */
  confirmColor?: 'error' | 'primary';
}

/**
 * The shared yes/no dialog (delete confirmations and the like). "Sim" has the focus, so Enter confirms
 * and Escape cancels. A failing `onConfirm` keeps the dialog open: the caller has shown the error.
 */
export function ConfirmationDialog({
  open,
  title,
  children,
  onConfirm,
  onClose,
  confirmLabel,
  cancelLabel,
  confirmColor = 'error',
}: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller reports its own failure (toast); the dialog stays so the user may retry or cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="confirmation-dialog-title">
      <DialogTitle id="confirmation-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{children ?? t('common.deleteConfirm')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel ?? t('common.no')}
        </Button>
        <Button onClick={confirm} disabled={busy} variant="contained" color={confirmColor} autoFocus data-testid="confirm-yes">
          {confirmLabel ?? t('common.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
