import type { TicketStatus } from '@chatflow/contract';
import { Autocomplete, Box, Chip, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useConnections, useTagList, useUserList } from '../../../lib/lookups';
import { coloredSx } from '../../../components/colored';

export interface SearchFilters {
  tags: number[];
  whatsapps: number[];
  statuses: TicketStatus[];
  users: number[];
}

const STATUSES: TicketStatus[] = ['open', 'pending', 'closed', 'group'];

interface Option {
  id: number;
  name: string;
  color?: string;
}

function MultiPick({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: Option[];
  value: number[];
  onChange(ids: number[]): void;
  testId: string;
}) {
  const selected = options.filter((o) => value.includes(o.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={selected}
      data-testid={testId}
      limitTags={2}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => onChange(v.map((o) => o.id))}
      renderValue={(items, getItemProps) =>
        items.map((o, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={o.name} {...itemProps} sx={o.color ? coloredSx(o.color) : undefined} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/** The search view's filters (spec 1 §2.5): tags, connections, statuses and, for admins, users. */
export function TicketFiltersPanel({
  value,
  onChange,
  showUsers,
}: {
  value: SearchFilters;
  onChange(v: SearchFilters): void;
  showUsers: boolean;
}) {
  const { t } = useTranslation();
  const tags = useTagList();
  const connections = useConnections();
  const users = useUserList(showUsers);
  return (
    <Stack spacing={1} sx={{ px: 1, pb: 1 }} data-testid="ticket-filters">
      <MultiPick
        testId="filter-tags"
        label={t('tickets.search.tags')}
        options={tags.data ?? []}
        value={value.tags}
        onChange={(ids) => onChange({ ...value, tags: ids })}
      />
      <MultiPick
        testId="filter-connections"
        label={t('tickets.search.connections')}
        options={connections.data ?? []}
        value={value.whatsapps}
        onChange={(ids) => onChange({ ...value, whatsapps: ids })}
      />
      <Box>
        <Autocomplete
          multiple
          size="small"
          options={STATUSES}
          value={value.statuses}
          data-testid="filter-statuses"
          getOptionLabel={(s) => t(`tickets.statuses.${s}`)}
          onChange={(_e, v) => onChange({ ...value, statuses: v })}
          renderInput={(params) => <TextField {...params} label={t('tickets.search.statuses')} />}
        />
      </Box>
      {showUsers && (
        <MultiPick
          testId="filter-users"
          label={t('tickets.search.users')}
          options={users.data ?? []}
          value={value.users}
          onChange={(ids) => onChange({ ...value, users: ids })}
        />
      )}
    </Stack>
  );
}
