import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useState } from 'react';

/** A save that resolves to null, or to the message key of a refusal. */
export type SaveSetting = (key: string, value: string) => Promise<string | null>;

/** Shows the value being saved until the server has answered, so the control does not flick back. */
function usePendingValue(stored: string, save: SaveSetting, key: string) {
  const [pending, setPending] = useState<string | null>(null);
  const change = async (value: string) => {
    setPending(value);
    await save(key, value);
    setPending(null);
  };
  return { value: pending ?? stored, saving: pending !== null, change };
}

interface Props {
  settingKey: string;
  label: string;
  value: string;
  save: SaveSetting;
  disabled?: boolean;
}

/** An enabled/disabled setting as a switch: saved the moment it flips. */
export function SettingSwitch({ settingKey, label, value, save, disabled }: Props) {
  const state = usePendingValue(value, save, settingKey);
  return (
    <FormControlLabel
      sx={{ width: '100%', mr: 0 }}
      disabled={disabled || state.saving}
      label={label}
      control={
        <Switch
          checked={state.value === 'enabled'}
          name={settingKey}
          onChange={(e) => void state.change(e.target.checked ? 'enabled' : 'disabled')}
        />
      }
    />
  );
}

/** A setting with a fixed list of values. */
export function SettingSelect({
  settingKey,
  label,
  value,
  save,
  options,
  optionLabel,
  disabled,
}: Props & { options: readonly (string | number)[]; optionLabel(option: string): string }) {
  const state = usePendingValue(value, save, settingKey);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      name={settingKey}
      value={state.value}
      disabled={disabled || state.saving}
      onChange={(e) => void state.change(e.target.value)}
    >
      {options.map((o) => (
        <MenuItem key={o} value={String(o)}>
          {optionLabel(String(o))}
        </MenuItem>
      ))}
    </TextField>
  );
}
