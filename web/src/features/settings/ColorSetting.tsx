import { settingValueSchema } from '@chatflow/contract';
import { Box, InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveSetting } from './SettingInputs';

const PICKER_SAVE_DELAY_MS = 600; // the picker fires on every drag step; save once it rests

/** A colour setting: the browser's colour picker plus the hex code, both saving the same key. */
export function ColorSetting({ settingKey, label, value, save }: { settingKey: string; label: string; value: string; save: SaveSetting }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stored = useRef(value);
  stored.current = value;

  useEffect(() => setDraft(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = async (hex: string) => {
    const parsed = settingValueSchema(settingKey)?.safeParse(hex);
    if (parsed && !parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.invalid');
      return;
    }
    setError(null);
    if (hex === stored.current) return;
    const refused = await save(settingKey, hex);
    if (refused && refused !== 'error') setError(refused);
  };

  const pick = (hex: string) => {
    setDraft(hex);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void commit(hex), PICKER_SAVE_DELAY_MS);
  };

  const pickerValue = /^#[0-9a-fA-F]{6}$/.test(draft) ? draft : '#000000';
  return (
    <TextField
      fullWidth
      size="small"
      label={label}
      name={settingKey}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => void commit(draft.trim())}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void commit(draft.trim());
        }
      }}
      error={!!error}
      helperText={error ? t(error) : undefined}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                value={pickerValue}
                aria-label={`${t('settings.whitelabel.pickColor')}: ${label}`}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => pick(e.target.value)}
                sx={{ width: 32, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
