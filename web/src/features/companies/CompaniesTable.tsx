import { type CompanyView, dueDateTone } from '@chatflow/contract';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatBRL, formatDate } from '../../lib/format';

/** The actions stay in view when the wide table scrolls sideways. */
const stickyActions = { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

/** Row tints of spec 2 §4 "Company due date": translucent, so they read in light and dark themes. */
export const TONE_BACKGROUND = { overdue: 'rgba(244, 67, 54, 0.18)', soon: 'rgba(255, 193, 7, 0.28)' } as const;

interface Props {
  companies: CompanyView[];
  loading?: boolean;
  /** The list failed to load: the page shows the error, so the table does not also say "none found". */
  failed?: boolean;
  onEdit(c: CompanyView): void;
  onDelete(c: CompanyView): void;
  onRenew(c: CompanyView): void;
  onAddUser(c: CompanyView): void;
}

/** The companies table: yellow when due in 1 to 5 days, red when due today or past. */
export function CompaniesTable({ companies, loading, failed, onEdit, onDelete, onRenew, onAddUser }: Props) {
  const { t } = useTranslation();
  const action = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Table size="small" stickyHeader aria-label={t('companies.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('companies.table.name')}</TableCell>
          <TableCell>{t('companies.table.email')}</TableCell>
          <TableCell>{t('companies.table.plan')}</TableCell>
          <TableCell align="right">{t('companies.table.amount')}</TableCell>
          <TableCell>{t('companies.table.status')}</TableCell>
          <TableCell>{t('companies.table.dueDate')}</TableCell>
          <TableCell>{t('companies.table.recurrence')}</TableCell>
          <TableCell>{t('companies.table.createdAt')}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('companies.table.lastLogin')}</TableCell>
          <TableCell align="right" sx={stickyActions}>
            {t('common.actions')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {!loading && !failed && companies.length === 0 && (
          <TableRow>
            <TableCell colSpan={10}>
              <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                {t('companies.empty')}
              </Typography>
            </TableCell>
          </TableRow>
        )}
        {companies.map((c) => {
          const tone = dueDateTone(c.id, c.dueDate);
          return (
            <TableRow
              key={c.id}
              hover
              data-testid={`company-row-${c.id}`}
              data-tone={tone}
              sx={tone === 'ok' ? undefined : { backgroundColor: TONE_BACKGROUND[tone] }}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.name}</TableCell>
              <TableCell>{c.email}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.plan?.name ?? '—'}</TableCell>
              <TableCell align="right" sx={{ ...stickyActions, whiteSpace: 'nowrap' }}>
                {c.plan ? formatBRL(c.plan.amount) : '—'}
              </TableCell>
              <TableCell>{t(c.status ? 'companies.form.active' : 'companies.form.inactive')}</TableCell>
              <TableCell title={tone === 'ok' ? undefined : t(`companies.tone.${tone}`)}>{formatDate(c.dueDate)}</TableCell>
              <TableCell>{t(`companies.recurrences.${c.recurrence}`)}</TableCell>
              <TableCell>{formatDate(c.createdAt)}</TableCell>
              <TableCell>{c.lastLogin ? formatDate(c.lastLogin) : '—'}</TableCell>
              <TableCell align="right" sx={{ ...stickyActions, whiteSpace: 'nowrap' }}>
                {action(`${t('companies.buttons.edit')} ${c.name}`, <EditIcon fontSize="small" />, () => onEdit(c))}
                {action(`${t('companies.buttons.renew')} ${c.name}`, <AutorenewIcon fontSize="small" />, () => onRenew(c))}
                {action(`${t('companies.buttons.addUser')} ${c.name}`, <PersonAddIcon fontSize="small" />, () => onAddUser(c))}
                {action(`${t('companies.buttons.delete')} ${c.name}`, <DeleteIcon fontSize="small" />, () => onDelete(c))}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
