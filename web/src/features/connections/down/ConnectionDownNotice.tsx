import type { ConnectionView } from '@chatflow/contract';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A session that is down (TIMEOUT, DISCONNECTED) and knows why. */
export const isDownWithReason = (c: Pick<ConnectionView, 'status' | 'downReason'>) =>
  (c.status === 'TIMEOUT' || c.status === 'DISCONNECTED') && c.downReason !== '';

/**
 * Under a connection's session buttons: why the session is down and what to do ("Celular sem
 * internet?", "Sessão encerrada no celular: leia o QR de novo", "Conectado em outro computador", …).
 * Nothing while it is up or when nobody knows why.
 */
export function ConnectionDownNotice({ connection }: { connection: ConnectionView }) {
  const { t } = useTranslation();
  if (!isDownWithReason(connection)) return null;
  const reason = connection.downReason;
  return (
    <Box
      role="status"
      data-testid="connection-down"
      data-reason={reason}
      sx={{ mt: 0.75, maxWidth: 320, whiteSpace: 'normal', borderLeft: 3, borderColor: 'warning.main', pl: 1 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t(`connectionDown.reasons.${reason}.title`)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
        {t(`connectionDown.reasons.${reason}.help`)}
      </Typography>
    </Box>
  );
}
