import { Alert, AlertTitle, Button, List, ListItem, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMaySeeConnections } from '../hooks/use-connections-attention';
import { useConnections } from '../hooks/use-connections';
import { isDown } from './ConnectionDownNotice';
import { useConnectionsRealtime } from '../hooks/use-connections-realtime';

/**
 * The dashboard's notice of connections down (TIMEOUT, DISCONNECTED): each by name with why, and the
 * way to the connections page. Nothing when every connection is up, or for who cannot see connections.
 */
export function ConnectionsDownCard() {
  const { t } = useTranslation();
  const allowed = useMaySeeConnections();
  const { data = [] } = useConnections(allowed);
  useConnectionsRealtime();
  const down = data.filter(isDown);
  if (!allowed || down.length === 0) return null;
  return (
    <Alert
      severity="warning"
      data-testid="connections-down"
      action={
        <Button component={Link} to="/connections" color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
          {t('connectionDown.open')}
        </Button>
      }
    >
      <AlertTitle>{t('connectionDown.title')}</AlertTitle>
      <List dense disablePadding>
        {down.map((c) => (
          <ListItem key={c.id} disableGutters data-testid="connections-down-item">
            <ListItemText
              primary={c.name}
              secondary={c.downReason ? t(`connectionDown.reasons.${c.downReason}.title`) : t(`connections.status.${c.status}`)}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
