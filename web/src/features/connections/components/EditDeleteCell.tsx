import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton, TableCell, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A connection row's edit and delete buttons (the connections table and the super user's company modal). */
export function EditDeleteCell({ onEdit, onDelete }: { onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={t('common.edit')}>
        <IconButton size="small" aria-label={t('common.edit')} onClick={onEdit} data-testid="edit-connection">
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('common.delete')}>
        <IconButton size="small" aria-label={t('common.delete')} onClick={onDelete} data-testid="delete-connection">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </TableCell>
  );
}
