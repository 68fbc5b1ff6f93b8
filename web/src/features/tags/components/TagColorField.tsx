import { Box, InputAdornment, TextField } from '@mui/material';
import { forwardRef } from 'react';
import { toPickerHex } from '../../queues/components/ColorField';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: boolean;
  helperText?: string;
}

/** The tag's colour: the browser's picker as the swatch, the hex code editable beside it. */
export const TagColorField = forwardRef<HTMLInputElement, Props>(function TagColorField({ label, value, onChange, onBlur, error, helperText }, ref) {
  return (
    <TextField label={label} value={value} fullWidth inputRef={ref} error={error} helperText={helperText}
      onChange={(e) => onChange(e.target.value)} onBlur={onBlur}
      slotProps={{
        htmlInput: { maxLength: 9, spellCheck: false, 'data-testid': 'tag-color' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box component="input" type="color" aria-label={label} value={toPickerHex(value)}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
                sx={{ width: 32, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }} />
            </InputAdornment>
          ),
        },
      }} />
  );
});
