import type { SubscriptionResult } from '@chatflow/contract';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '../../../lib/format';

/**
 * The payment step: every way to pay the providers offered (spec 2 §7: qrcode.qrcode as a PIX QR code,
 * stripeURL, asaasURL, mercadopagoURL) and the amount. The renewal message replaces the wait once the
 * provider's webhook confirms the payment.
 */
export function PaymentStep({ result, renewed }: { result: SubscriptionResult; renewed: string | null }) {
  const { t } = useTranslation();
  const links = (
    [
      ['stripe', result.stripeURL],
      ['asaas', result.asaasURL],
      ['mercadopago', result.mercadopagoURL],
    ] as const
  ).filter((l): l is readonly ['stripe' | 'asaas' | 'mercadopago', string] => !!l[1]);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      {renewed ? (
        <Alert severity="success" data-testid="payment-renewed" sx={{ width: '100%' }}>
          {renewed}
        </Alert>
      ) : (
        <Alert severity="info" sx={{ width: '100%' }}>
          {t('billing.checkout.awaiting')}
        </Alert>
      )}
      <Typography variant="h5" data-testid="payment-amount">
        {formatBRL(result.valorext)}
      </Typography>
      {!renewed && result.qrcode && (
        <Stack spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
          <Typography variant="subtitle1">{t('billing.checkout.pix')}</Typography>
          <Box sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 1 }}>
            <QRCodeSVG value={result.qrcode.qrcode} size={200} data-testid="pix-qrcode" aria-label={t('billing.checkout.pix')} />
          </Box>
          <TextField
            fullWidth
            size="small"
            label={t('billing.checkout.pixCopy')}
            value={result.qrcode.qrcode}
            slotProps={{ htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
          />
        </Stack>
      )}
      {!renewed &&
        links.map(([provider, url]) => (
          <Button
            key={provider}
            variant="contained"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
            data-testid={`pay-${provider}`}
            sx={{ minWidth: 260 }}
          >
            {t(`billing.checkout.payWith.${provider}`)}
          </Button>
        ))}
    </Stack>
  );
}
