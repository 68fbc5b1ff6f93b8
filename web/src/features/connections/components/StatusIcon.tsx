import type { ConnectionStatus } from '@chatflow/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CropFreeIcon from '@mui/icons-material/CropFree';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import SignalWifiOffIcon from '@mui/icons-material/SignalWifiOff';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import { CircularProgress, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** One icon per status (spec 2 §4), its name in the tooltip and for screen readers. */
export function StatusIcon({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  const label = t(`connections.status.${status}`);
  const icon = (() => {
    switch (status) {
      case 'CONNECTED':
        return <CheckCircleIcon color="success" titleAccess={label} />;
      case 'qrcode':
        return <CropFreeIcon color="primary" titleAccess={label} />;
      case 'OPENING':
        return <CircularProgress size={20} aria-label={label} />;
      case 'PAIRING':
        return <PhonelinkEraseIcon color="warning" titleAccess={label} />;
      case 'TIMEOUT':
        return <TimerOffIcon color="warning" titleAccess={label} />;
      default:
        return <SignalWifiOffIcon color="error" titleAccess={label} />;
    }
  })();
  return (
    <Tooltip title={label}>
      <span data-testid="connection-status" data-status={status} style={{ display: 'inline-flex' }}>
        {icon}
      </span>
    </Tooltip>
  );
}
