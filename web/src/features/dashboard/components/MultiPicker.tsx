import { Checkbox, FormControl, InputLabel, ListItemText, MenuItem, OutlinedInput, Select } from '@mui/material';

interface Option<T> {
  value: T;
  label: string;
}

/** A multi-select of the filters: the chosen names joined in the field, a check on each option. */
export function MultiPicker<T extends string | number>(props: {
  label: string;
  options: Option<T>[];
  value: T[];
  onChange(value: T[]): void;
  testId: string;
}) {
  const labelOf = new Map(props.options.map((o) => [o.value, o.label]));
  const id = `picker-${props.testId}`;
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={id}>{props.label}</InputLabel>
      <Select<T[]>
        labelId={id}
        multiple
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T[])}
        input={<OutlinedInput label={props.label} />}
        renderValue={(chosen) => chosen.map((v) => labelOf.get(v) ?? String(v)).join(', ')}
        data-testid={props.testId}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 320 } } } }}
      >
        {props.options.map((o) => (
          <MenuItem key={String(o.value)} value={o.value} dense>
            <Checkbox size="small" checked={props.value.includes(o.value)} />
            <ListItemText primary={o.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
