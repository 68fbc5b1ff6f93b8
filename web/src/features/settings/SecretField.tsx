import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Button, Chip, Stack } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PasswordField } from '../../components/PasswordField';
import type { SaveSetting } from './SettingInputs';

/**
 * A write-only credential. The server never sends the value back, so the field starts empty and says
 * only whether one is set. An empty field saves nothing (leaving it blank keeps the stored value);
 * erasing is its own button, behind a confirmation.
 */
export function SecretField({ settingKey, label, isSet, save }: { settingKey: string; label: string; isSet: boolean; save: SaveSetting }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = draft.trim();
    if (!value) return;
    setBusy(true);
    const refused = await save(settingKey, value);
    setBusy(false);
    if (!refused) setDraft('');
    setError(refused && refused !== 'error' ? refused : null);
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate aria-label={label}>
      <Chip
        size="small"
        variant="outlined"
        color={isSet ? 'success' : 'default'}
        icon={isSet ? <CheckCircleIcon /> : <RadioButtonUncheckedIcon />}
        label={t(isSet ? 'settings.payments.set' : 'settings.payments.notSet')}
        sx={{ mb: 1 }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <PasswordField
          fullWidth
          size="small"
          name={settingKey}
          label={label}
          autoComplete="off"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t(isSet ? 'settings.payments.replacePlaceholder' : 'settings.payments.emptyPlaceholder')}
          error={!!error}
          helperText={error ? t(error) : undefined}
        />
        <Stack direction="row" spacing={1}>
          <Button
            type="submit"
            variant="contained"
            size="small"
            disabled={!draft.trim() || busy}
            sx={{ whiteSpace: 'nowrap', minHeight: 40 }}
          >
            {t('settings.payments.save')}
          </Button>
          {isSet && (
            <Button color="error" size="small" onClick={() => setConfirmClear(true)} sx={{ whiteSpace: 'nowrap', minHeight: 40 }}>
              {t('settings.payments.clear')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ConfirmationDialog
        open={confirmClear}
        title={t('settings.payments.clearTitle', { name: label })}
        onClose={() => setConfirmClear(false)}
        onConfirm={async () => {
          if (await save(settingKey, '')) throw new Error('not cleared');
        }}
        confirmLabel={t('settings.payments.clear')}
      >
        {t('settings.payments.clearBody')}
      </ConfirmationDialog>
    </Box>
  );
}
