import { settingValueSchema } from '@chatflow/contract';
import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveSetting } from './SettingInputs';

interface Props {
  settingKey: string;
  label: string;
  value: string;
  save: SaveSetting;
  /** The feature this text belongs to is on, so it may not be empty (spec 2 §5 "Settings messages"). */
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'number' | 'url';
  helperText?: string;
}

/**
 * A text setting: typed freely, saved when the field is left (or Enter on one line), checked first
 * with the same schema the server uses. An empty required message shows its error and is not sent.
 */
export function SettingTextField({ settingKey, label, value, save, required, multiline, type = 'text', helperText }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setDraft(value), [value]);

  const check = (text: string): string | null => {
    if (required && !text.trim()) return 'validation.required';
    const parsed = settingValueSchema(settingKey)?.safeParse(text);
    return parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? 'validation.invalid') : null;
  };

  const commit = async () => {
    const problem = check(draft);
    setError(problem);
    if (problem || draft === value) return;
    const refused = await save(settingKey, draft);
    if (refused && refused !== 'error') setError(refused);
  };

  // A message the feature needs is flagged even before it is touched, e.g. right after the switch flips.
  const shown = error ?? (required && !draft.trim() ? 'validation.required' : null);

  return (
    <TextField
      fullWidth
      size="small"
      label={label}
      name={settingKey}
      type={type}
      value={draft}
      required={required}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      maxRows={multiline ? 8 : undefined}
      onChange={(e) => {
        setDraft(e.target.value);
        if (error) setError(null);
      }}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !multiline) {
          e.preventDefault();
          void commit();
        }
      }}
      slotProps={type === 'number' ? { htmlInput: { min: 0, step: 1 } } : undefined}
      error={!!shown}
      helperText={shown ? t(shown) : helperText}
    />
  );
}
