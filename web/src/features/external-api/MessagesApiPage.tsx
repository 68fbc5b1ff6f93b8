import { Box, Grid, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TestForm } from './TestForm';

const code = {
  fontFamily: 'monospace',
  fontSize: 13,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  bgcolor: 'action.hover',
  p: 1.5,
  borderRadius: 1,
  m: 0,
} as const;

/** /messages-api (spec 3 "External messages API"): how to send text and media with a connection's token, and forms to try it. */
export default function MessagesApiPage() {
  const { t } = useTranslation();
  const endpoint = `${window.location.origin}/api/messages/send`;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('externalApi.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Typography>{t('externalApi.intro')}</Typography>
          <Typography variant="subtitle2">{t('externalApi.textTitle')}</Typography>
          <Box component="pre" sx={code}>
            {`POST ${endpoint}\nAuthorization: Bearer <token>\nContent-Type: application/json\n\n{ "number": "5511999999999", "body": "Olá!", "userId": 1, "queueId": 1, "sendSignature": false, "closeTicket": false }`}
          </Box>
          <Typography variant="subtitle2">{t('externalApi.mediaTitle')}</Typography>
          <Box component="pre" sx={code}>
            {`POST ${endpoint}\nAuthorization: Bearer <token>\nContent-Type: multipart/form-data\n\nnumber=5511999999999\nbody=${t('externalApi.caption')}\nmedias=@arquivo.pdf`}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('externalApi.fields')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('externalApi.answers')}
          </Typography>
        </Stack>
      </Paper>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TestForm withFile={false} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TestForm withFile />
        </Grid>
      </Grid>
    </Stack>
  );
}
