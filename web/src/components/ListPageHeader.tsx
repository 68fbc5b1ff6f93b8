import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: ReactNode;
  titleTestId?: string;
  search: string;
  onSearch: (typed: string) => void;
  searchPlaceholder: string;
  searchTestId?: string;
  addLabel: string;
  onAdd: () => void;
  addTestId: string;
  /** Controls between the search and the add button (filters, menus). */
  children?: ReactNode;
  /** Below this width the controls stack under the title. */
  stackBelow?: 'sm' | 'md';
}

/** The head of every administration list: title, search field, extra controls, add button. */
export function ListPageHeader(props: Props) {
  const { t } = useTranslation();
  const bp = props.stackBelow ?? 'sm';
  return (
    <Stack direction={{ xs: 'column', [bp]: 'row' }} spacing={bp === 'md' ? 1.5 : 2} sx={{ alignItems: { [bp]: 'center' } }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-testid={props.titleTestId}>
        {props.title}
      </Typography>
      <TextField
        size="small"
        placeholder={props.searchPlaceholder}
        value={props.search}
        onChange={(e) => props.onSearch(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" color="action" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': t('common.search'), type: 'search', 'data-testid': props.searchTestId },
        }}
      />
      {props.children}
      <Button variant="contained" startIcon={<AddIcon />} onClick={props.onAdd} data-testid={props.addTestId} sx={{ whiteSpace: 'nowrap' }}>
        {props.addLabel}
      </Button>
    </Stack>
  );
}
