import { CERTIFICATE_DESTINATIONS } from '@chatflow/contract';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormHelperText,
  InputLabel,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/errors';
import { formatDate, formatTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { type CertificateDestination, useCertificates, useUploadCertificate } from './hooks';
import { useRegisterEfiWebhookWhenReady } from './use-efi-webhook';

type Errors = { file?: string; destination?: string };

/** The checks of spec 2 §5 Certificate upload, in the screen's order; the server repeats them. */
export function certificateErrors(file: File | null, destination: string): Errors {
  const errors: Errors = {};
  if (!file) errors.file = 'validation.certificateFile';
  else if (!file.name.toLowerCase().endsWith('.p12')) errors.file = 'validation.certificateP12';
  if (!destination) errors.destination = 'validation.certificateDestination';
  return errors;
}

/**
 * "Certificado" (super user): uploads the payment certificate (.p12) for a destination. The file is
 * never shown or downloaded again; the list says which destinations have one and since when.
 */
export function CertificateTab() {
  const { t } = useTranslation();
  const certificates = useCertificates();
  const upload = useUploadCertificate();
  const registerEfiWebhook = useRegisterEfiWebhookWhenReady();
  const [destination, setDestination] = useState<CertificateDestination | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [inputKey, setInputKey] = useState(0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = certificateErrors(file, destination);
    setErrors(found);
    const first = found.file ?? found.destination;
    if (first) {
      notify(t(first), 'error', 2000);
      return;
    }
    try {
      await upload.mutateAsync({ destination: destination as CertificateDestination, file: file as File });
      notify(t('settings.certificate.uploaded'));
      setFile(null);
      setInputKey((k) => k + 1); // a fresh input, so the same file can be chosen again
      // Efí's certificate may be the last piece its webhook registration waited for.
      if (destination === 'efi') await registerEfiWebhook();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="certificate-upload">
        <Typography id="certificate-upload" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('settings.certificate.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('settings.certificate.hint')}
        </Typography>
        <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <FormControl size="small" sx={{ minWidth: 240 }} error={!!errors.destination} required>
              <InputLabel id="certificate-destination-label">{t('settings.certificate.destination')}</InputLabel>
              <Select
                labelId="certificate-destination-label"
                label={t('settings.certificate.destination')}
                value={destination}
                onChange={(e) => {
                  setDestination(e.target.value as CertificateDestination);
                  setErrors((old) => ({ ...old, destination: undefined }));
                }}
              >
                {CERTIFICATE_DESTINATIONS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {t(`settings.certificate.destinations.${d}`)}
                  </MenuItem>
                ))}
              </Select>
              {errors.destination && <FormHelperText>{t(errors.destination)}</FormHelperText>}
            </FormControl>
            <Box>
              <Button component="label" variant="outlined" startIcon={<CloudUploadIcon />} sx={{ minHeight: 40 }}>
                {file ? file.name : t('settings.certificate.choose')}
                <input
                  key={inputKey}
                  hidden
                  type="file"
                  accept=".p12,application/x-pkcs12"
                  aria-label={t('settings.certificate.file')}
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setErrors((old) => ({ ...old, file: undefined }));
                  }}
                />
              </Button>
              {errors.file && (
                <FormHelperText error sx={{ mx: 1.75 }}>
                  {t(errors.file)}
                </FormHelperText>
              )}
            </Box>
            <Button type="submit" variant="contained" disabled={upload.isPending} sx={{ minHeight: 40 }}>
              {t('settings.certificate.send')}
            </Button>
          </Stack>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="certificate-installed">
        <Typography id="certificate-installed" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('settings.certificate.installed')}
        </Typography>
        {certificates.isLoading ? (
          <CircularProgress size={24} />
        ) : certificates.isError ? (
          <Alert severity="error">{t('common.loadError')}</Alert>
        ) : certificates.data?.length ? (
          <List dense disablePadding>
            {certificates.data.map((c) => (
              <ListItem key={c.destination} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <VerifiedUserIcon color="success" />
                </ListItemIcon>
                <ListItemText
                  primary={t(`settings.certificate.destinations.${c.destination}`, { defaultValue: c.destination })}
                  secondary={t('settings.certificate.installedAt', {
                    name: c.fileName,
                    date: formatDate(c.uploadedAt),
                    time: formatTime(c.uploadedAt),
                  })}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('settings.certificate.none')}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
