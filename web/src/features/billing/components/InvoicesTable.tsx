import { invoiceDisplayStatus, type InvoiceView } from '@chatflow/contract';
import PaymentIcon from '@mui/icons-material/Payment';
import { Button, Chip, CircularProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBRL, formatDate } from '../../../lib/format';

interface Props {
  records: InvoiceView[];
  loading: boolean;
  loadingMore: boolean;
  /** The super user sees every company's invoices, so the company is named. */
  showCompany: boolean;
  onPay(invoice: InvoiceView): void;
  /** Only the company's own invoices can be paid from here (the super user sees everyone's). */
  canPay(invoice: InvoiceView): boolean;
  scrollRef: Ref<HTMLDivElement>;
  onScroll(): void;
  /** What an empty list says (when the first invoice comes); 'Nenhuma fatura' without it. */
  emptyText?: string;
}

const CHIP_COLOR = { paid: 'success', overdue: 'error', open: 'warning' } as const;
/** On a phone the company, details and counts give way, so value, due date, status and the pay button fit the screen. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/** Spec 2 /financeiro: details, users, connections, queues, value, due date, status, action; overdue rows tinted red. */
export function InvoicesTable({ records, loading, loadingMore, showCompany, onPay, canPay, scrollRef, onScroll, emptyText }: Props) {
  const { t } = useTranslation();
  const columns = showCompany ? 9 : 8;
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={scrollRef}
      onScroll={onScroll}
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 220px)', overflow: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" stickyHeader aria-label={t('billing.invoices')}>
        <TableHead>
          <TableRow>
            {showCompany && <TableCell sx={WIDE_ONLY}>{t('billing.table.company')}</TableCell>}
            <TableCell sx={WIDE_ONLY}>{t('billing.table.detail')}</TableCell>
            <TableCell align="center" sx={WIDE_ONLY}>
              {t('billing.table.users')}
            </TableCell>
            <TableCell align="center" sx={WIDE_ONLY}>
              {t('billing.table.connections')}
            </TableCell>
            <TableCell align="center" sx={WIDE_ONLY}>
              {t('billing.table.queues')}
            </TableCell>
            <TableCell align="right">{t('billing.table.value')}</TableCell>
            <TableCell align="center">{t('billing.table.dueDate')}</TableCell>
            <TableCell align="center">{t('billing.table.status')}</TableCell>
            <TableCell align="center">{t('billing.table.action')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((invoice) => {
            const status = invoiceDisplayStatus(invoice);
            return (
              <TableRow
                key={invoice.id}
                hover
                data-testid="invoice-row"
                data-status={status}
                sx={
                  status === 'overdue' ? { bgcolor: (th) => (th.palette.mode === 'dark' ? 'rgba(244,67,54,0.18)' : '#fdecea') } : undefined
                }
              >
                {showCompany && <TableCell sx={WIDE_ONLY}>{invoice.companyName}</TableCell>}
                <TableCell sx={WIDE_ONLY}>{invoice.detail}</TableCell>
                <TableCell align="center" sx={WIDE_ONLY}>
                  {invoice.users}
                </TableCell>
                <TableCell align="center" sx={WIDE_ONLY}>
                  {invoice.connections}
                </TableCell>
                <TableCell align="center" sx={WIDE_ONLY}>
                  {invoice.queues}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBRL(invoice.value)}
                </TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(invoice.dueDate)}
                </TableCell>
                <TableCell align="center">
                  <Chip size="small" color={CHIP_COLOR[status]} label={t(`billing.status.${status}`)} />
                </TableCell>
                <TableCell align="center">
                  {status !== 'paid' && canPay(invoice) && (
                    <Button
                      size="small"
                      variant="contained"
                      startIcon={<PaymentIcon />}
                      onClick={() => onPay(invoice)}
                      data-testid="pay-invoice"
                    >
                      {t('billing.pay')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
          {(loading || loadingMore) && (
            <TableRow>
              <TableCell colSpan={columns} align="center">
                <CircularProgress size={22} />
              </TableCell>
            </TableRow>
          )}
          {!loading && records.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns} align="center" sx={{ py: 4, color: 'text.secondary' }} data-testid="invoices-empty">
                {emptyText ?? t('billing.empty')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
