import type { ConnectionView } from '@chatflow/contract';
import { Box, type SxProps, type Theme, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A session that is down (TIMEOUT, DISCONNECTED). */
export const isDown = (c: Pick<ConnectionView, 'status'>) => c.status === 'TIMEOUT' || c.status === 'DISCONNECTED';

/** A session that is down and knows why. */
export const isDownWithReason = (c: Pick<ConnectionView, 'status' | 'downReason'>) => isDown(c) && c.downReason !== '';

/**
 * Under a connection's session buttons: why the session is down and what to do ("Celular sem
 * internet?", "Sessão encerrada no celular: leia o QR de novo", "Conectado em outro computador", …).
 * Nothing while it is up or when nobody knows why. `brief`: the reason alone (a phone's narrow name column).
 */
export function ConnectionDownNotice({ connection, brief, sx }: { connection: ConnectionView; brief?: boolean; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  if (!isDownWithReason(connection)) return null;
  const reason = connection.downReason;
  return (
    <Box
      role="status"
      data-testid={brief ? 'connection-down-brief' : 'connection-down'}
      data-reason={reason}
      sx={[
        { mt: 0.75, maxWidth: 320, whiteSpace: 'normal', borderLeft: 3, borderColor: 'warning.main', pl: 1 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t(`connectionDown.reasons.${reason}.title`)}
      </Typography>
      {!brief && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
          {t(`connectionDown.reasons.${reason}.help`)}
        </Typography>
      )}
    </Box>
  );
}
