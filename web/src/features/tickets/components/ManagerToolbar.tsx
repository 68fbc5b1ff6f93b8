import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { Box, FormControlLabel, IconButton, Switch, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '../types';

export type ManagerView = 'open' | 'closed' | 'search';

interface Props {
  view: ManagerView;
  onView(view: ManagerView): void;
  showAllAllowed: boolean;
  showAll: boolean;
  onShowAll(on: boolean): void;
  sort: SortOrder;
  onSort(sort: SortOrder): void;
  canCloseAll: boolean;
  onCloseAll(): void;
  onNewTicket(): void;
}

/**
 * The manager's toolbar (spec 1 §2.5): open / resolved / search views, "Todos" (only where allowed),
 * the updatedAt sort (not on the resolved and search views), new ticket, close all (admins).
 */
export function ManagerToolbar(p: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.5, flexWrap: 'wrap' }} data-testid="tickets-toolbar">
      <ToggleButtonGroup size="small" exclusive value={p.view} onChange={(_e, v: ManagerView | null) => v && p.onView(v)}>
        <ToggleButton value="open" aria-label={t('tickets.views.open')} data-testid="view-open">
          <Tooltip title={t('tickets.views.open')}>
            <MoveToInboxIcon fontSize="small" />
          </Tooltip>
        </ToggleButton>
        <ToggleButton value="closed" aria-label={t('tickets.views.closed')} data-testid="view-closed">
          <Tooltip title={t('tickets.views.closed')}>
            <DoneAllIcon fontSize="small" />
          </Tooltip>
        </ToggleButton>
        <ToggleButton value="search" aria-label={t('tickets.views.search')} data-testid="view-search">
          <Tooltip title={t('tickets.views.search')}>
            <ManageSearchIcon fontSize="small" />
          </Tooltip>
        </ToggleButton>
      </ToggleButtonGroup>
      {p.view === 'open' && (
        <Tooltip title={t(p.sort === 'DESC' ? 'tickets.toolbar.sortDesc' : 'tickets.toolbar.sortAsc')}>
          <IconButton
            size="small"
            data-testid="sort-toggle"
            data-sort={p.sort}
            aria-label={t(p.sort === 'DESC' ? 'tickets.toolbar.sortDesc' : 'tickets.toolbar.sortAsc')}
            onClick={() => p.onSort(p.sort === 'DESC' ? 'ASC' : 'DESC')}
          >
            {p.sort === 'DESC' ? <ArrowDownwardIcon fontSize="small" /> : <ArrowUpwardIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('tickets.toolbar.newTicket')}>
        <IconButton
          size="small"
          color="primary"
          onClick={p.onNewTicket}
          aria-label={t('tickets.toolbar.newTicket')}
          data-testid="new-ticket"
        >
          <AddIcon />
        </IconButton>
      </Tooltip>
      {p.canCloseAll && p.view === 'open' && (
        <Tooltip title={t('tickets.toolbar.closeAll')}>
          <IconButton size="small" color="error" onClick={p.onCloseAll} aria-label={t('tickets.toolbar.closeAll')} data-testid="close-all">
            <PlaylistAddCheckIcon />
          </IconButton>
        </Tooltip>
      )}
      <Box sx={{ flexGrow: 1 }} />
      {p.showAllAllowed && (
        <FormControlLabel
          sx={{ ml: 0.5, mr: 0 }}
          label={t('tickets.toolbar.showAll')}
          slotProps={{ typography: { variant: 'body2' } }}
          control={<Switch size="small" checked={p.showAll} onChange={(e) => p.onShowAll(e.target.checked)} data-testid="show-all" />}
        />
      )}
    </Box>
  );
}
