import type { FlowSummaryView } from '@chatflow/contract';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  CircularProgress,
  FormControlLabel,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type FlowRowAction = 'rename' | 'edit' | 'duplicate' | 'delete';

interface Props {
  records: FlowSummaryView[];
  loading: boolean;
  loadingMore: boolean;
  onOpen(record: FlowSummaryView): void;
  onAction(action: FlowRowAction, record: FlowSummaryView): void;
  /** The status switch: turns the flow on or off (an inactive flow never starts). */
  onToggle(record: FlowSummaryView, active: boolean): void;
  scrollRef: Ref<HTMLDivElement>;
  onScroll(): void;
}

const ACTIONS: FlowRowAction[] = ['rename', 'edit', 'duplicate', 'delete'];

/** Spec 3 "Flow builder": name, status (Ativo / Desativado), actions; a click on the row opens the editor. */
export function FlowsTable({ records, loading, loadingMore, onOpen, onAction, onToggle, scrollRef, onScroll }: Props) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; record: FlowSummaryView } | null>(null);
  const choose = (action: FlowRowAction) => {
    if (menu) onAction(action, menu.record);
    setMenu(null);
  };
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={scrollRef}
      onScroll={onScroll}
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('flows.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('flows.table.name')}</TableCell>
            <TableCell align="center">{t('flows.table.status')}</TableCell>
            <TableCell align="center">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((f) => (
            <TableRow key={f.id} hover data-testid="flow-row" onClick={() => onOpen(f)} sx={{ cursor: 'pointer' }}>
              <TableCell>{f.name}</TableCell>
              <TableCell align="center">
                {/* The switch's click must not reach the row, which opens the editor; the rest of the cell still does. */}
                <FormControlLabel
                  onClick={(e) => e.stopPropagation()}
                  sx={{ m: 0, minWidth: 130 }}
                  control={
                    <Switch
                      size="small"
                      color="success"
                      checked={f.active}
                      onChange={(_, active) => onToggle(f, active)}
                      slotProps={{ input: { 'aria-label': t('flows.toggle', { name: f.name }) } }}
                    />
                  }
                  label={f.active ? t('flows.status.active') : t('flows.status.inactive')}
                />
              </TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  size="small"
                  aria-label={t('flows.menu.open', { name: f.name })}
                  aria-haspopup="menu"
                  onClick={(e) => {
                    e.stopPropagation(); // the row's click opens the editor
                    setMenu({ anchor: e.currentTarget, record: f });
                  }}
                >
                  <MoreVertIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {(loading || loadingMore) && (
            <TableRow>
              <TableCell colSpan={3} align="center">
                <CircularProgress size={22} />
              </TableCell>
            </TableRow>
          )}
          {!loading && records.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('flows.empty')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {ACTIONS.map((action) => (
          <MenuItem key={action} onClick={() => choose(action)}>
            <ListItemText>{t(`flows.menu.${action}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </TableContainer>
  );
}
