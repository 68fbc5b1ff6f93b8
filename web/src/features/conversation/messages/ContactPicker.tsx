import type { ContactView } from '@chatflow/contract';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactSearch } from '../hooks/use-contact-search';

interface Props<M extends boolean> {
  multiple: M;
  value: M extends true ? ContactView[] : ContactView | null;
  onChange(value: M extends true ? ContactView[] : ContactView | null): void;
  label: string;
}

/** Searches the company's contacts by name or number (3 or more characters). */
export function ContactPicker<M extends boolean>({ multiple, value, onChange, label }: Props<M>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const { contacts, loading } = useContactSearch(typed);
  return (
    <Autocomplete<ContactView, M>
      multiple={multiple}
      value={value as never}
      onChange={(_, v) => onChange(v as never)}
      options={contacts}
      loading={loading}
      filterOptions={(x) => x}
      inputValue={typed}
      onInputChange={(_, v) => setTyped(v)}
      getOptionLabel={(c) => `${c.name} - ${c.number}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={typed.trim().length < 3 ? t('conversation.contactPicker.typeMore') : t('conversation.contactPicker.none')}
      renderInput={(params) => <TextField {...params} autoFocus label={label} data-testid="contact-picker" />}
    />
  );
}
