import type { MetaLoginSettingsView } from '@chatflow/contract';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MetaNotConfigured } from './MetaNotConfigured';

interface Props {
  /** The dialog title's element id (its accessible name). */
  titleId: string;
  title: string;
  settings: UseQueryResult<MetaLoginSettingsView>;
  /** Whether the Meta app holds what this login needs; before, `missing` says what is not set. */
  ready: boolean;
  missing: MetaLoginSettingsView['missing'];
  onClose(): void;
  onAdvanced(): void;
  /** The login's own content, shown once `ready`. */
  children: ReactNode;
  /** Buttons after "Cancelar". */
  actions?: ReactNode;
}

/**
 * What both Meta login dialogs share: the settings' loading and error states, what the operator has
 * still to set, the "Avançado" manual path whatever the state of the login, and "Cancelar".
 */
export function MetaDialogFrame({ titleId, title, settings, ready, missing, onClose, onAdvanced, children, actions }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {settings.isLoading && (
            <Box sx={{ textAlign: 'center', py: 2 }}>
              <CircularProgress size={28} aria-label={t('common.loading')} />
            </Box>
          )}
          {settings.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
          {settings.data && !ready && <MetaNotConfigured missing={missing} />}
          {ready && children}
          <Box>
            <Button size="small" onClick={onAdvanced} data-testid="meta-advanced">
              {t('connections.metaLogin.advanced')}
            </Button>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {actions}
      </DialogActions>
    </Dialog>
  );
}
