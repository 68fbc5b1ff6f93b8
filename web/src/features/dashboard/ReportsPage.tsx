import { DEFAULT_REPORT_PAGE_SIZE, REPORT_PAGE_SIZES } from '@chatflow/contract';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import HistoryIcon from '@mui/icons-material/History';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorToast } from '../../components/use-error-toast';
import { toastError } from '../../lib/errors';
import { formatDate, formatTime } from '../../lib/format';
import { withoutFormatting } from '../../lib/text';
import { useConnections, useUserList } from '../../lib/lookups';
import { useDebounced } from '../../lib/use-debounced';
import { useQueues } from '../queues';
import { FILTER_STATUSES } from './components/DashboardFilter';
import { MultiPicker } from './components/MultiPicker';
import { type ContactChoice, ContactPicker } from '../../components/ContactPicker';
import { ReportLogDialog } from './components/ReportLogDialog';
import { dateTimeIn, hoursMinutes, monthToDate } from './format';
import { downloadSpreadsheet } from './hooks/download';
import { type ReportFilter, reportParams, useTicketReport } from './hooks/use-report';

/** The export asks for every row of the filter; the server streams them (spec 2 §9). */
const EXPORT_NAME = 'relatorio-de-atendimentos.xlsx';
const STATUS_COLORS: Record<string, 'primary' | 'warning' | 'success' | 'secondary' | 'default'> = {
  open: 'primary',
  pending: 'warning',
  closed: 'success',
  group: 'secondary',
};

/** One line per row: long names end in an ellipsis (the whole text is in the title). */
const clip = (maxWidth: number) => ({ maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }) as const;

/** In the company's zone once the report says it (as its Excel export), the browser's until then. */
const dateTime = (iso: string | null, timeZone: string | undefined) =>
  !iso ? '—' : timeZone ? dateTimeIn(iso, timeZone) : `${formatDate(iso)} ${formatTime(iso)}`;

/** `/reports`: the ticket report (spec 2 "Dashboard, reports, attendance panel"). */
export default function ReportsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<ReportFilter>(() => {
    const { from, to } = monthToDate();
    return {
      searchParam: '',
      contactId: null,
      whatsappId: [],
      users: [],
      queueIds: [],
      status: [],
      dateFrom: from,
      dateTo: to,
      onlyRated: false,
    };
  });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_REPORT_PAGE_SIZE);
  const [logOf, setLogOf] = useState<number | null>(null);
  const [contact, setContact] = useState<ContactChoice | null>(null);
  const [exporting, setExporting] = useState(false);
  const search = useDebounced(filter.searchParam);
  const applied = { ...filter, searchParam: search };
  const report = useTicketReport(applied, page + 1, pageSize);
  useErrorToast(report);
  const queues = useQueues();
  const users = useUserList();
  const connections = useConnections();

  const set =
    <K extends keyof ReportFilter>(key: K) =>
    (v: ReportFilter[K]) => {
      setFilter((f) => ({ ...f, [key]: v }));
      setPage(0);
    };

  const exportAll = async () => {
    setExporting(true);
    try {
      await downloadSpreadsheet('/ticketreport/export', reportParams(applied), EXPORT_NAME);
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  const rows = report.data?.tickets ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="reports-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('dashboard.reports.title')}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={exporting ? <CircularProgress size={16} /> : <FileDownloadIcon />}
          disabled={exporting}
          onClick={exportAll}
          data-testid="export-report"
        >
          {t('dashboard.reports.export')}
        </Button>
      </Box>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        <TextField
          size="small"
          label={t('dashboard.reports.search')}
          value={filter.searchParam}
          onChange={(e) => set('searchParam')(e.target.value)}
          data-testid="report-search"
        />
        <ContactPicker
          size="small"
          value={contact}
          label={t('dashboard.reports.contact')}
          searchHint={t('dashboard.reports.contactSearch')}
          noneText={t('dashboard.reports.noContacts')}
          testId="report-contact"
          onChange={(next) => {
            setContact(next);
            set('contactId')(next?.id ?? null);
          }}
        />
        <MultiPicker
          label={t('dashboard.filter.connections')}
          testId="report-connections"
          options={(connections.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={filter.whatsappId}
          onChange={set('whatsappId')}
        />
        <MultiPicker
          label={t('dashboard.filter.users')}
          testId="report-users"
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
          value={filter.users}
          onChange={set('users')}
        />
        <MultiPicker
          label={t('dashboard.filter.queues')}
          testId="report-queues"
          options={(queues.data ?? []).map((q) => ({ value: q.id, label: q.name }))}
          value={filter.queueIds}
          onChange={set('queueIds')}
        />
        <MultiPicker
          label={t('dashboard.filter.status')}
          testId="report-status"
          options={FILTER_STATUSES.map((s) => ({ value: s, label: t(`dashboard.status.${s}`) }))}
          value={filter.status}
          onChange={set('status')}
        />
        <TextField
          size="small"
          type="date"
          label={t('dashboard.filter.from')}
          value={filter.dateFrom}
          onChange={(e) => set('dateFrom')(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          data-testid="report-from"
        />
        <TextField
          size="small"
          type="date"
          label={t('dashboard.filter.to')}
          value={filter.dateTo}
          onChange={(e) => set('dateTo')(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          data-testid="report-to"
        />
        <FormControlLabel
          control={
            <Switch checked={filter.onlyRated} onChange={(e) => set('onlyRated')(e.target.checked)} data-testid="report-only-rated" />
          }
          label={t('dashboard.reports.onlyRated')}
        />
      </Paper>
      <TableContainer component={Paper} variant="outlined" sx={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
        <Table size="small" sx={{ minWidth: 1100 }} data-testid="report-table">
          <TableHead>
            <TableRow>
              {[
                'id',
                'whatsappName',
                'contactName',
                'userName',
                'queueName',
                'status',
                'lastMessage',
                'createdAt',
                'closedAt',
                'supportTime',
                'nps',
              ].map((key) => (
                <TableCell key={key} sx={{ whiteSpace: 'nowrap' }}>
                  {t(`dashboard.reports.columns.${key}`)}
                </TableCell>
              ))}
              <TableCell align="right">{t('dashboard.reports.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-testid={`report-row-${r.id}`} hover>
                <TableCell>{r.id}</TableCell>
                <TableCell sx={clip(140)}>{r.whatsappName ?? '—'}</TableCell>
                <TableCell sx={clip(200)} title={r.contactName}>
                  {r.contactName}
                </TableCell>
                <TableCell sx={clip(140)}>{r.userName ?? '—'}</TableCell>
                <TableCell sx={clip(140)}>{r.queueName ?? '—'}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLORS[r.status] ?? 'default'} label={t(`dashboard.status.${r.status}`)} />
                </TableCell>
                <TableCell sx={clip(220)} title={withoutFormatting(r.lastMessage)}>
                  {withoutFormatting(r.lastMessage) || '—'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.createdAt, report.data?.timeZone)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.closedAt, report.data?.timeZone)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.supportTime === null ? '—' : hoursMinutes(r.supportTime)}</TableCell>
                <TableCell>{r.NPS ?? '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('dashboard.reports.log')}>
                    <IconButton size="small" onClick={() => setLogOf(r.id)} data-testid={`report-log-${r.id}`}>
                      <HistoryIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('dashboard.reports.open')}>
                    <IconButton size="small" onClick={() => navigate(`/tickets/${r.uuid}`)} data-testid={`report-open-${r.id}`}>
                      <OpenInNewIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {report.data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={12} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('common.noRecords')}
                </TableCell>
              </TableRow>
            )}
            {!report.data && report.isPending && (
              <TableRow>
                <TableCell colSpan={12} align="center" sx={{ py: 4 }}>
                  <CircularProgress size={24} />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={report.data?.totalTickets.total ?? 0}
        page={page}
        onPageChange={(_, p) => setPage(p)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...REPORT_PAGE_SIZES]}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('dashboard.reports.perPage')}
        labelDisplayedRows={({ from, to, count }) => t('dashboard.reports.displayed', { from, to, count })}
        data-testid="report-pagination"
      />
      <ReportLogDialog ticketId={logOf} onClose={() => setLogOf(null)} />
    </Box>
  );
}
