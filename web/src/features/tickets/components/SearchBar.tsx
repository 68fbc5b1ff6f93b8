import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { Badge, Box, Checkbox, FormControlLabel, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countedLabel } from '../../../lib/a11y';

interface Props {
  typed: string;
  onType(text: string): void;
  searchOnMessages: boolean;
  onSearchOnMessages(on: boolean): void;
  filtersOpen: boolean;
  onToggleFilters(): void;
  activeFilters: number;
  /** The checkbox shows while the search view is on. */
  searching: boolean;
  /** Shown at the end of the row (the queue selector). */
  children?: ReactNode;
}

/** "Buscar atendimento e mensagens", the message-content checkbox and the filter toggle. */
export function SearchBar(p: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: 1, pt: 1 }}>
      {/* On a phone the field takes a row of its own, so "Buscar atendimento e mensagens" is read whole; the
          filter toggle and the queues go under it, on the right. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, rowGap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          size="small"
          fullWidth
          placeholder={t('tickets.search.placeholder')}
          value={p.typed}
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 auto' }, '& input': { fontSize: 13.5 } }}
          onChange={(e) => p.onType(e.target.value)}
          data-testid="ticket-search"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" color="action" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': t('tickets.search.placeholder'), type: 'search' },
          }}
        />
        {/* The count outside the button and in its name (see countedLabel). */}
        <Badge
          badgeContent={p.activeFilters}
          color="primary"
          overlap="circular"
          sx={{ ml: { xs: 'auto', sm: 0 }, '& .MuiBadge-badge': { top: 6, right: 6, pointerEvents: 'none' } }}
        >
          <Tooltip title={t('tickets.search.filters')}>
            <IconButton
              size="small"
              color={p.filtersOpen ? 'primary' : 'default'}
              onClick={p.onToggleFilters}
              aria-label={countedLabel(t('tickets.search.filters'), p.activeFilters)}
              aria-pressed={p.filtersOpen}
              data-testid="filters-toggle"
            >
              <FilterListIcon />
            </IconButton>
          </Tooltip>
        </Badge>
        {p.children}
      </Box>
      {p.searching && (
        <FormControlLabel
          sx={{ ml: 0 }}
          label={t('tickets.search.onMessages')}
          slotProps={{ typography: { variant: 'body2' } }}
          control={
            <Checkbox
              size="small"
              checked={p.searchOnMessages}
              onChange={(e) => p.onSearchOnMessages(e.target.checked)}
              data-testid="search-on-messages"
            />
          }
        />
      )}
    </Box>
  );
}
