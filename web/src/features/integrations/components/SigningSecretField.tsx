import type { QueueIntegrationSecretView } from '@chatflow/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, IconButton, InputAdornment, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/notify';

/**
 * The webhook and n8n deliveries' signing secret. No read returns it: "Gerar novo segredo" makes a new one
 * (the old one stops signing) and shows it this once, to copy into the receiver.
 */
export function SigningSecretField({ integrationId }: { integrationId: number }) {
  const { t } = useTranslation();
  const renew = useMutation({
    mutationFn: () => api.post<QueueIntegrationSecretView>(`/queueIntegration/${integrationId}/signingSecret`),
  });
  const secret = renew.data?.signingSecret;
  if (!secret) {
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Alert severity="info" sx={{ flex: 1 }}>
          {t('integrations.dialog.secretConfigured')}
        </Alert>
        <Button onClick={() => renew.mutate()} disabled={renew.isPending} data-testid="integration-renew-secret">
          {t('integrations.dialog.renewSecret')}
        </Button>
      </Stack>
    );
  }
  return (
    <TextField
      label={t('integrations.dialog.signingSecret')}
      fullWidth
      value={secret}
      helperText={t('integrations.dialog.secretShownOnce')}
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': 'integration-secret' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={t('integrations.dialog.copy')}
                onClick={() => void navigator.clipboard?.writeText(secret).then(() => notify(t('integrations.dialog.copied')))}
                edge="end"
              >
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
