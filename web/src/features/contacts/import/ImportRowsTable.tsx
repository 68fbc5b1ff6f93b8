import { Checkbox, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Sheet } from './import-mapping';

interface Props {
  sheet: Sheet;
  selected: ReadonlySet<number>;
  disabled: boolean;
  onToggle(index: number): void;
  onToggleAll(checked: boolean): void;
}

/** The sheet's rows with a checkbox each (all selected when the file is read). */
export function ImportRowsTable({ sheet, selected, disabled, onToggle, onToggleAll }: Props) {
  const { t } = useTranslation();
  const all = sheet.rows.length > 0 && selected.size === sheet.rows.length;
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 'calc(100vh - 380px)', minHeight: 160, overflow: 'auto' }}>
      <Table size="small" stickyHeader aria-label={t('contacts.import.rows')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={selected.size > 0 && !all}
                disabled={disabled}
                onChange={(e) => onToggleAll(e.target.checked)}
                slotProps={{ input: { 'aria-label': t('contacts.import.selectAll') } }}
              />
            </TableCell>
            {sheet.columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sheet.rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the sheet never reorders
            <TableRow key={i} hover data-testid="import-row" selected={selected.has(i)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(i)}
                  disabled={disabled}
                  onChange={() => onToggle(i)}
                  slotProps={{ input: { 'aria-label': t('contacts.import.selectRow', { row: i + 1 }) } }}
                />
              </TableCell>
              {sheet.columns.map((c, col) => (
                <TableCell key={c}>{row[col] ?? ''}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
