import type { HelpView } from '@chatflow/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { safeVideoCode } from './youtube';

interface Props {
  helps: HelpView[];
  onEdit(help: HelpView): void;
  onDelete(help: HelpView): void;
}

export function HelpsTable({ helps, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ maxHeight: '60vh' }}>
      <Table size="small" stickyHeader aria-label={t('helps.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('helps.table.title')}</TableCell>
            <TableCell>{t('helps.table.video')}</TableCell>
            <TableCell>{t('helps.table.description')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {helps.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>
                <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                  {t('helps.manager.empty')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {helps.map((help) => {
            const code = safeVideoCode(help.video);
            return (
              <TableRow key={help.id} hover>
                <TableCell>{help.title}</TableCell>
                <TableCell>
                  {code ? (
                    <Link href={`https://www.youtube.com/watch?v=${code}`} target="_blank" rel="noopener noreferrer">
                      {code}
                    </Link>
                  ) : (
                    help.video || '—'
                  )}
                </TableCell>
                <TableCell
                  sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  title={help.description}
                >
                  {help.description || '—'}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('helps.buttons.edit')}>
                    <IconButton size="small" aria-label={`${t('helps.buttons.edit')} ${help.title}`} onClick={() => onEdit(help)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('helps.buttons.delete')}>
                    <IconButton size="small" aria-label={`${t('helps.buttons.delete')} ${help.title}`} onClick={() => onDelete(help)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
