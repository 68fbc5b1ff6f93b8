import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, type ImportField, type Mapping } from './import-mapping';

interface Props {
  columns: string[];
  mapping: Mapping;
  disabled: boolean;
  onChange(field: ImportField, column: string): void;
}

/** One select per contact field, listing the sheet's columns; name and number are required. */
export function ColumnMapping({ columns, mapping, disabled, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {IMPORT_FIELDS.map((field) => (
        <TextField
          key={field}
          select
          fullWidth
          size="small"
          disabled={disabled}
          required={field !== 'email'}
          label={t(`contacts.import.fields.${field}`)}
          value={mapping[field]}
          onChange={(e) => onChange(field, e.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': `map-${field}` },
            select: { SelectDisplayProps: { 'data-testid': `map-${field}-select` } as object },
          }}
        >
          <MenuItem value="">
            <em>{t('contacts.import.notMapped')}</em>
          </MenuItem>
          {columns.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}
