import { PLAN_SWITCHES, type PlanView } from '@chatflow/contract';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RemoveIcon from '@mui/icons-material/Remove';
import { IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '../../lib/format';

const Flag = ({ on, label }: { on: boolean; label: string }) =>
  on ? (
    <CheckIcon fontSize="small" color="success" aria-label={label} titleAccess={label} />
  ) : (
    <RemoveIcon fontSize="small" color="disabled" aria-label={label} titleAccess={label} />
  );

interface Props {
  plans: PlanView[];
  onEdit(plan: PlanView): void;
  onDelete(plan: PlanView): void;
}

/** Every field of every plan; the amount in BRL pt-BR with two decimals (spec 2 §2). */
export function PlansTable({ plans, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const yesNo = (v: boolean) => t(v ? 'common.yes' : 'common.no');
  return (
    <TableContainer sx={{ maxHeight: '60vh' }}>
      <Table size="small" stickyHeader aria-label={t('plans.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('plans.table.name')}</TableCell>
            <TableCell align="right">{t('plans.table.users')}</TableCell>
            <TableCell align="right">{t('plans.table.connections')}</TableCell>
            <TableCell align="right">{t('plans.table.queues')}</TableCell>
            <TableCell align="right">{t('plans.table.amount')}</TableCell>
            <TableCell align="center">{t('plans.table.isPublic')}</TableCell>
            <TableCell align="right">{t('plans.table.trialDays')}</TableCell>
            {PLAN_SWITCHES.map((s) => (
              <TableCell key={s} align="center">
                {t(`plans.switches.${s}`)}
              </TableCell>
            ))}
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plans.length === 0 && (
            <TableRow>
              <TableCell colSpan={8 + PLAN_SWITCHES.length}>
                <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                  {t('plans.empty')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {plans.map((plan) => (
            <TableRow key={plan.id} hover data-testid={`plan-row-${plan.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{plan.name}</TableCell>
              <TableCell align="right">{plan.users}</TableCell>
              <TableCell align="right">{plan.connections}</TableCell>
              <TableCell align="right">{plan.queues}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="plan-amount">
                {formatBRL(plan.amount)}
              </TableCell>
              <TableCell align="center">{yesNo(plan.isPublic)}</TableCell>
              <TableCell align="right">{plan.trialDays}</TableCell>
              {PLAN_SWITCHES.map((s) => (
                <TableCell key={s} align="center">
                  <Flag on={plan[s]} label={`${t(`plans.switches.${s}`)}: ${yesNo(plan[s])}`} />
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('plans.buttons.edit')}>
                  <IconButton size="small" aria-label={`${t('plans.buttons.edit')} ${plan.name}`} onClick={() => onEdit(plan)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('plans.buttons.delete')}>
                  <IconButton size="small" aria-label={`${t('plans.buttons.delete')} ${plan.name}`} onClick={() => onDelete(plan)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
