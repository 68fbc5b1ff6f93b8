import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Collapse, Paper, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnections, useTagList, useUserList } from '../../../lib/lookups';
import { useQueues } from '../../queues';
import type { DashboardFilter as Filter } from '../hooks/use-dashboard';
import { MultiPicker } from './MultiPicker';

export const FILTER_STATUSES = ['open', 'pending', 'closed', 'group'] as const;

/** The collapsible filter of the dashboard (spec 1 §2.9): range, queues, tags, users, connections, status. */
export function DashboardFilter({ value, onChange }: { value: Filter; onChange(next: Filter): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queues = useQueues();
  const tags = useTagList(open);
  const users = useUserList(open);
  const connections = useConnections(open);
  const set =
    <K extends keyof Filter>(key: K) =>
    (v: Filter[K]) =>
      onChange({ ...value, [key]: v });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="date"
          label={t('dashboard.filter.from')}
          value={value.from}
          onChange={(e) => set('from')(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
          data-testid="dashboard-from"
        />
        <TextField
          size="small"
          type="date"
          label={t('dashboard.filter.to')}
          value={value.to}
          onChange={(e) => set('to')(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
          data-testid="dashboard-to"
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          startIcon={open ? <ExpandLessIcon /> : <FilterListIcon />}
          onClick={() => setOpen((o) => !o)}
          data-testid="dashboard-filter-toggle"
        >
          {open ? t('dashboard.filter.hide') : t('dashboard.filter.show')}
        </Button>
      </Box>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(5, 1fr)' }, gap: 1.5, mt: 1.5 }}>
          <MultiPicker
            label={t('dashboard.filter.queues')}
            testId="filter-queues"
            options={(queues.data ?? []).map((q) => ({ value: q.id, label: q.name }))}
            value={value.queueIds}
            onChange={set('queueIds')}
          />
          <MultiPicker
            label={t('dashboard.filter.tags')}
            testId="filter-tags"
            options={(tags.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            value={value.tags}
            onChange={set('tags')}
          />
          <MultiPicker
            label={t('dashboard.filter.users')}
            testId="filter-users"
            options={(users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
            value={value.users}
            onChange={set('users')}
          />
          <MultiPicker
            label={t('dashboard.filter.connections')}
            testId="filter-connections"
            options={(connections.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={value.whatsapps}
            onChange={set('whatsapps')}
          />
          <MultiPicker
            label={t('dashboard.filter.status')}
            testId="filter-status"
            options={FILTER_STATUSES.map((s) => ({ value: s, label: t(`dashboard.status.${s}`) }))}
            value={value.status}
            onChange={set('status')}
          />
        </Box>
      </Collapse>
    </Paper>
  );
}
