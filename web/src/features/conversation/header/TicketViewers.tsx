import type { TicketViewer } from '@chatflow/contract';
import { Avatar, Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** "Também vendo: Maria" and "Maria está digitando…": the other agents who have this ticket open. */
export function TicketViewers({ viewers }: { viewers: readonly TicketViewer[] }) {
  const { t } = useTranslation();
  if (viewers.length === 0) return null;
  const typing = viewers.filter((v) => v.typing);
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, px: 2, pb: 0.5 }}
      data-testid="ticket-viewers"
      aria-live="polite"
    >
      <Chip
        size="small"
        variant="outlined"
        color="warning"
        avatar={<Avatar>{viewers[0].name.charAt(0).toUpperCase()}</Avatar>}
        label={t('conversation.viewers.alsoViewing', { names: viewers.map((v) => v.name).join(', ') })}
        data-testid="also-viewing"
      />
      {typing.length > 0 && (
        <Chip
          size="small"
          color="warning"
          label={t('conversation.viewers.typing', { count: typing.length, names: typing.map((v) => v.name).join(', ') })}
          data-testid="viewer-typing"
        />
      )}
    </Box>
  );
}
