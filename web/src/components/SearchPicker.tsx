import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface PickerChoice {
  id: number;
  name: string;
  /** Shown after the name in the options (a number, an e-mail). */
  detail?: string;
}

/** Typed characters before a picker's search asks the server. */
export const SEARCH_PICKER_MIN = 3;

interface Props<T extends PickerChoice> {
  value: T | null;
  onChange(choice: T | null): void;
  onBlur?(): void;
  /** What the caller's search found for `typed`. */
  options: T[];
  loading: boolean;
  typed: string;
  onType(text: string): void;
  label: string;
  placeholder?: string;
  /** Shown until 3 characters are typed. */
  searchHint: string;
  /** Shown when the search found nothing. */
  noneText: string;
  testId: string;
  disabled?: boolean;
  error?: string;
  size?: 'small' | 'medium';
}

/**
 * One record chosen from a search on the server as the user types (a contact, an attendant) instead
 * of a list of all of them: the chosen one stays among the options, the server's order is kept.
 */
export function SearchPicker<T extends PickerChoice>(props: Props<T>) {
  const { t } = useTranslation();
  const { value, options } = props;
  return (
    <Autocomplete
      size={props.size}
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      loading={props.loading}
      loadingText={t('common.loading')}
      disabled={props.disabled}
      onChange={(_e, next) => props.onChange(next)}
      onBlur={props.onBlur}
      onInputChange={(_e, text, reason) => reason === 'input' && props.onType(text)}
      noOptionsText={props.typed.trim().length < SEARCH_PICKER_MIN ? props.searchHint : props.noneText}
      renderOption={({ key: _key, ...rest }, o) => (
        <li {...rest} key={o.id}>
          {o.detail && o.detail !== o.name ? `${o.name} · ${o.detail}` : o.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          placeholder={props.placeholder}
          error={!!props.error}
          helperText={props.error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, 'data-testid': props.testId } }}
        />
      )}
    />
  );
}
