import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { scopedPath, useConnectionScope } from '../hooks/connection-scope';
import { connectionKeys } from '../hooks/use-connections';

/**
 * Facebook and Instagram connections come from Meta's login (spec 2 §2): its answer (the user id and
 * token) goes to POST /facebook, with addInstagram for an Instagram account of the page. The token is
 * write-only: it is sent, never shown again.
 */
export function FacebookDialog({ channel, onClose }: { channel: 'facebook' | 'instagram'; onClose(): void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const scope = useConnectionScope();
  const [userId, setUserId] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api.post(scopedPath('/facebook', scope), {
        facebookUserId: userId.trim(),
        facebookUserToken: token.trim(),
        addInstagram: channel === 'instagram',
      });
      await qc.invalidateQueries({ queryKey: scope.companyId ? connectionKeys.allCompanies : connectionKeys.all });
      notify(t('common.operationSuccess'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="facebook-dialog-title">
      <DialogTitle id="facebook-dialog-title">
        {t('connections.facebook.title', { channel: t(`connections.channels.${channel}`) })}
      </DialogTitle>
      <form onSubmit={submit}>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('connections.facebook.help')}
            </Typography>
            <TextField
              label={t('connections.facebook.userId')}
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              required
              autoFocus
            />
            <TextField
              label={t('connections.facebook.token')}
              value={token}
              onChange={(e) => setToken(e.target.value)}
              required
              type="password"
              autoComplete="off"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !userId.trim() || !token.trim()}>
            {t('connections.facebook.connect')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
