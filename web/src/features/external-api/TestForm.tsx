import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { sendThroughApi } from './send-test';

/** One test form of the help page: text, or a file with its caption. */
export function TestForm({ withFile }: { withFile: boolean }) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const [number, setNumber] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const prefix = withFile ? 'media' : 'text';

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await sendThroughApi(token, { number, body }, withFile ? file : null);
      notify(t('externalApi.sent'));
      setBody('');
      setFile(null);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        {withFile ? t('externalApi.mediaTest') : t('externalApi.textTest')}
      </Typography>
      <Stack spacing={1.5}>
        <TextField
          size="small"
          label={t('externalApi.token')}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': `${prefix}-token` } }}
        />
        <TextField
          size="small"
          label={t('externalApi.number')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          required
          placeholder="5511999999999"
          slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': `${prefix}-number` } }}
        />
        <TextField
          size="small"
          label={withFile ? t('externalApi.caption') : t('externalApi.body')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          required={!withFile}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': `${prefix}-body` } }}
        />
        {withFile && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />}>
              {t('externalApi.chooseFile')}
              <input hidden type="file" data-testid="media-file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
            </Button>
            <Typography variant="body2" noWrap>
              {file?.name ?? t('externalApi.noFile')}
            </Typography>
          </Stack>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={busy || (withFile && !file)}
          sx={{ alignSelf: 'flex-start' }}
          data-testid={`${prefix}-send`}
        >
          {t('externalApi.send')}
        </Button>
      </Stack>
    </Paper>
  );
}
