import type { ConnectionView } from '@chatflow/contract';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/errors';
import { usePairingCode } from '../hooks/use-connections';

interface Props {
  /** The live connection from the cached list: its qrcode changes as session events arrive. */
  connection: ConnectionView;
  onClose(): void;
}

/**
 * The QR dialog (spec 2 §2): the provider's qrcode string drawn as a QR image, redrawn as each new
 * code arrives, and closed once the phone has paired. Below it, pairing by code: the phone number
 * with country code gets an 8-character code to type on the phone (WhatsApp Web only).
 */
export function QrCodeDialog({ connection, onClose }: Props) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const pairing = usePairingCode();
  const paired = connection.status === 'CONNECTED';
  useEffect(() => {
    if (paired) onClose();
  }, [paired, onClose]);

  const requestCode = async () => {
    try {
      await pairing.mutateAsync({ id: connection.id, phoneNumber: phone });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="qr-dialog-title">
      <DialogTitle id="qr-dialog-title">{t('connections.qr.title', { name: connection.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'stretch' }}>
            {t('connections.qr.instructions')}
          </Typography>
          <Box sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }} data-testid="qr-code">
            {connection.qrcode ? (
              <QRCodeSVG value={connection.qrcode} size={240} marginSize={2} title={t('connections.qr.imageTitle')} />
            ) : (
              <Stack sx={{ width: 240, height: 240, alignItems: 'center', justifyContent: 'center' }} spacing={1}>
                <CircularProgress size={28} />
                <Typography variant="caption" color="text.secondary">
                  {t('connections.qr.waiting')}
                </Typography>
              </Stack>
            )}
          </Box>
          <Divider flexItem>{t('connections.qr.or')}</Divider>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignSelf: 'stretch' }}>
            <TextField
              size="small"
              fullWidth
              label={t('connections.qr.phoneNumber')}
              placeholder="5511999999999"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': 'pairing-phone' } }}
            />
            <Button variant="outlined" onClick={requestCode} disabled={!phone.trim() || pairing.isPending} sx={{ flexShrink: 0 }}>
              {t('connections.qr.requestCode')}
            </Button>
          </Stack>
          {pairing.data && (
            <Typography variant="h5" sx={{ fontFamily: 'monospace', letterSpacing: 4 }} data-testid="pairing-code">
              {pairing.data.code}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
