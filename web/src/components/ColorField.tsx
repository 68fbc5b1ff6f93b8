import { Box, InputAdornment, TextField } from '@mui/material';
import { type ChangeEvent, forwardRef } from 'react';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: boolean;
  helperText?: string;
  /** data-testid of the hex input (tests tell the queue's colour from the tag's). */
  testId?: string;
}

/** The native picker wants #rrggbb; the stored colour may be #rgb or carry alpha (#rrggbbaa). */
export function toPickerHex(value: string): string {
  const hex = value.trim();
  if (/^#[0-9a-f]{3}$/i.test(hex)) return `#${[...hex.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(hex)) return hex.slice(0, 7).toLowerCase();
  return '#000000';
}

/** A hex text field with the browser's colour picker as its swatch: type a code or pick one. */
export const ColorField = forwardRef<HTMLInputElement, Props>(function ColorField(
  { label, value, onChange, onBlur, error, helperText, testId },
  ref,
) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      inputRef={ref}
      error={error}
      helperText={helperText}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      slotProps={{
        htmlInput: { maxLength: 9, spellCheck: false, 'data-testid': testId },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={label}
                value={toPickerHex(value)}
                onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
                sx={{ width: 32, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
