import { WHITELABEL_LOGO_MAX_BYTES, type WhitelabelLogoMode } from '@chatflow/contract';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useUploadLogo } from './hooks';
import type { SaveSetting } from './SettingInputs';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml,image/x-icon,.ico';

/** One whitelabel logo: preview, upload (the server sniffs the type and stores it), remove. */
export function LogoUpload({ mode, value, save }: { mode: WhitelabelLogoMode; value: string; save: SaveSetting }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const label = t(`settings.whitelabel.logo${mode}`);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after a failure
    if (!file) return;
    if (file.size > WHITELABEL_LOGO_MAX_BYTES) {
      notify(i18n.t('backendErrors.ERR_FILE_TOO_LARGE'), 'error', 2000);
      return;
    }
    try {
      await upload.mutateAsync({ mode, file });
      notify(t('settings.whitelabel.uploaded'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <Box
        sx={{
          height: 96,
          display: 'grid',
          placeItems: 'center',
          bgcolor: mode === 'Dark' ? 'grey.900' : 'grey.100',
          borderRadius: 1,
          mb: 1.5,
        }}
      >
        {value ? (
          <Box
            component="img"
            src={value}
            alt={label}
            sx={{ maxHeight: mode === 'Favicon' ? 48 : 80, maxWidth: '90%', objectFit: 'contain' }}
          />
        ) : (
          <Stack sx={{ alignItems: 'center', color: 'grey.500' }}>
            <ImageOutlinedIcon />
            <Typography variant="caption">{t('settings.whitelabel.noLogo')}</Typography>
          </Stack>
        )}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button component="label" size="small" variant="outlined" startIcon={<CloudUploadIcon />} disabled={upload.isPending}>
          {t('settings.whitelabel.upload')}
          <input hidden type="file" accept={ACCEPT} onChange={(e) => void onFile(e)} aria-label={label} />
        </Button>
        {value && (
          <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => void save(`appLogo${mode}`, '')}>
            {t('settings.whitelabel.remove')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
