import type { ConnectionView } from '@chatflow/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useRegenerateToken } from '../hooks/use-connections';

/**
 * The connection's token (30 alphanumerics, spec 2 §3): read-only, copied to the clipboard, or
 * regenerated on the server (the old one stops authorising the external API at once).
 */
export function TokenField({ connection }: { connection: ConnectionView }) {
  const { t } = useTranslation();
  const regenerate = useRegenerateToken();
  const token = regenerate.data?.token ?? connection.token ?? '';
  const inputRef = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
    } catch {
      // No clipboard permission (or not a secure context): copy the selected field the old way.
      inputRef.current?.select();
      if (!document.execCommand('copy')) return toastError(t('connections.dialog.copyFailed'));
    }
    notify(t('connections.dialog.tokenCopied'));
  };
  const renew = async () => {
    try {
      await regenerate.mutateAsync(connection.id);
      notify(t('connections.dialog.tokenRegenerated'));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <TextField
      label={t('connections.dialog.token')}
      value={token}
      fullWidth
      slotProps={{
        htmlInput: { ref: inputRef, readOnly: true, 'data-testid': 'connection-token', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('connections.dialog.copyToken')}>
                <IconButton aria-label={t('connections.dialog.copyToken')} onClick={copy} edge="end" data-testid="copy-token">
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('connections.dialog.regenerateToken')}>
                <IconButton
                  aria-label={t('connections.dialog.regenerateToken')}
                  onClick={renew}
                  disabled={regenerate.isPending}
                  data-testid="regenerate-token"
                >
                  <RefreshIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
