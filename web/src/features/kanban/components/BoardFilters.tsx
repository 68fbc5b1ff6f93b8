import SearchIcon from '@mui/icons-material/Search';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface Props {
  startDate: string;
  endDate: string;
  onSearch(range: { startDate: string; endDate: string }): void;
  canManageLanes: boolean;
}

/** The board's head: title, start and end dates (applied by "Buscar") and the admin's "+ Adicionar colunas". */
export function BoardFilters({ startDate, endDate, onSearch, canManageLanes }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [start, setStart] = useState(startDate);
  const [end, setEnd] = useState(endDate);
  const invalid = !!start && !!end && start > end;
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { md: 'center' } }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) onSearch({ startDate: start, endDate: end });
      }}
    >
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {t('kanban.title')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          type="date"
          size="small"
          label={t('kanban.startDate')}
          value={start}
          onChange={(e) => setStart(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'kanban-start' } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <TextField
          type="date"
          size="small"
          label={t('kanban.endDate')}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          error={invalid}
          helperText={invalid ? t('kanban.endBeforeStart') : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'kanban-end' } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
      </Stack>
      {/* On a phone both buttons fill the row by their text's width and keep it on one line (halves of
          the row broke "+ ADICIONAR COLUNAS" into two lines). */}
      <Stack direction="row" spacing={1.5}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SearchIcon />}
          disabled={invalid}
          data-testid="kanban-search"
          sx={{ flex: { xs: '1 1 auto', md: 'none' }, whiteSpace: 'nowrap' }}
        >
          {t('kanban.search')}
        </Button>
        {canManageLanes && (
          <Button
            variant="outlined"
            onClick={() => navigate('/TagsKanban')}
            data-testid="kanban-add-lanes"
            sx={{ flex: { xs: '1 1 auto', md: 'none' }, whiteSpace: 'nowrap' }}
          >
            {t('kanban.addLanes')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
