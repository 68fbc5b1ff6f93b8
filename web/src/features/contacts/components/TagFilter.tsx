import type { TagView } from '@chatflow/contract';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useTagOptions } from '../../../lib/lookups';
import { coloredSx } from '../../../components/colored';

interface Props {
  value: number[];
  onChange(tagIds: number[]): void;
}

/** The contacts list's tag filter: a multi-select of the company's tags (sent as contactTag). */
export function TagFilter({ value, onChange }: Props) {
  const { t } = useTranslation();
  const { data: tags = [] } = useTagOptions();
  const selected = tags.filter((tag) => value.includes(tag.id));
  return (
    <Autocomplete<TagView, true>
      multiple
      size="small"
      options={tags}
      value={selected}
      disableCloseOnSelect
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, list) => onChange(list.map((tag) => tag.id))}
      sx={{ minWidth: 220, maxWidth: 420 }}
      noOptionsText={t('contacts.noTags')}
      renderValue={(list, getItemProps) =>
        list.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} {...itemProps} size="small" label={tag.name} sx={coloredSx(tag.color)} />;
        })
      }
      renderOption={({ key, ...props }, tag) => (
        <li key={key} {...props}>
          <Chip size="small" label={tag.name} sx={coloredSx(tag.color)} />
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={value.length ? undefined : t('contacts.filterByTags')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, 'data-testid': 'tag-filter' } }}
        />
      )}
    />
  );
}
