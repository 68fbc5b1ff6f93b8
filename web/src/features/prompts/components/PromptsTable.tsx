import type { PromptView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { CircularProgress, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { QueueDot } from '../../../components/QueueDot';

interface Props {
  records: PromptView[];
  loading: boolean;
  onEdit(record: PromptView): void;
  onDelete(record: PromptView): void;
}

/** Spec 3 "AI prompts": name, queue, max tokens, actions. */
export function PromptsTable({ records, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('prompts.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('prompts.table.name')}</TableCell>
            <TableCell>{t('prompts.table.queue')}</TableCell>
            <TableCell align="center">{t('prompts.table.maxTokens')}</TableCell>
            <TableCell align="center">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((p) => (
            <TableRow key={p.id} hover data-testid="prompt-row">
              <TableCell>{p.name}</TableCell>
              <TableCell>
                {p.queue ? (
                  <>
                    <QueueDot color={p.queue.color} />
                    {p.queue.name}
                  </>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell align="center">{p.maxTokens}</TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" onClick={() => onEdit(p)} aria-label={t('common.edit')}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => onDelete(p)} aria-label={t('common.delete')}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {loading && (
            <TableRow>
              <TableCell colSpan={4} align="center">
                <CircularProgress size={22} />
              </TableCell>
            </TableRow>
          )}
          {!loading && records.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('prompts.empty')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
