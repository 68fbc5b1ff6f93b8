import type { PaymentNoticeView } from '@chatflow/contract';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '../../../lib/format';

interface Props {
  notices: PaymentNoticeView[];
  count: number;
}

/** On a phone the date, provider and charge amount give way to the company, what happened and the amount. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
const amount = (v: number | null) => (v === null ? '—' : formatBRL(v));

/**
 * The super user's list of payment notices that changed nothing or need a decision (GET
 * /invoices/payment-notices): money on a superseded charge, an underpayment, a second payment, a refund or
 * chargeback. The operator refunds or renews by hand; nothing here acts. Hidden while the list is empty.
 */
export function PaymentNotices({ notices, count }: Props) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Accordion variant="outlined" disableGutters data-testid="payment-notices">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 500 }}>{t('billing.notices.title', { count })}</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ overflowX: 'auto' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('billing.notices.hint')}
        </Typography>
        <Table size="small" aria-label={t('billing.notices.label')}>
          <TableHead>
            <TableRow>
              <TableCell sx={WIDE_ONLY}>{t('billing.notices.when')}</TableCell>
              <TableCell>{t('billing.table.company')}</TableCell>
              <TableCell>{t('billing.notices.outcome')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('billing.notices.provider')}</TableCell>
              <TableCell align="right">{t('billing.notices.reported')}</TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                {t('billing.notices.charged')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {notices.map((n) => (
              <TableRow key={n.id} data-testid="payment-notice-row" data-outcome={n.outcome}>
                <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{new Date(n.createdAt).toLocaleString()}</TableCell>
                <TableCell>
                  {n.companyName ?? '—'}
                  {n.invoiceId !== null && (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {t('billing.notices.invoice', { id: n.invoiceId })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{t(`billing.notices.outcomes.${n.outcome}`)}</TableCell>
                <TableCell sx={WIDE_ONLY}>
                  {n.provider}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    {n.providerPaymentId}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {amount(n.reportedAmount)}
                </TableCell>
                <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                  {amount(n.chargeAmount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </AccordionDetails>
    </Accordion>
  );
}
