import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * What a phone (under 768 px) gets instead of the flow editor: dragging cards and joining handles on a
 * screen that small cannot be done, so it says so and offers the list (where flows are named, switched
 * on or off, duplicated and deleted).
 */
export function PhoneEditorNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', pt: 4, px: 1 }} data-testid="flow-editor-phone">
      <Typography variant="h5" component="h1">
        {t('flows.editor.heading')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 420, textAlign: 'center' }}>
        <PhoneAndroidIcon color="action" sx={{ fontSize: 48 }} />
        <Typography variant="subtitle1" sx={{ mt: 1, fontWeight: 600 }}>
          {t('flows.editor.phoneTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('flows.editor.phoneHint')}
        </Typography>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => navigate('/flowbuilders')}>
          {t('flows.editor.phoneList')}
        </Button>
      </Paper>
    </Stack>
  );
}
