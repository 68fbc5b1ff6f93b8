import type { TagView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import PeopleIcon from '@mui/icons-material/People';
import {
  Chip,
  CircularProgress,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { coloredSx } from '../../../components/colored';

interface Props {
  tags: TagView[];
  loading: boolean;
  loadingMore: boolean;
  onContacts(tag: TagView): void;
  onEdit(tag: TagView): void;
  onDelete(tag: TagView): void;
  scrollRef: Ref<HTMLDivElement>;
  onScroll(): void;
}

/** Spec 3 "Tags": coloured chip, contact count, the contacts button, edit and delete. */
export function TagsTable({ tags, loading, loadingMore, onContacts, onEdit, onDelete, scrollRef, onScroll }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={scrollRef}
      onScroll={onScroll}
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('tags.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('tags.table.name')}</TableCell>
            <TableCell align="center">{t('tags.table.contacts')}</TableCell>
            <TableCell align="center">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tags.map((tag) => (
            <TableRow key={tag.id} hover data-testid="tag-row">
              <TableCell>
                <Chip size="small" label={tag.name} sx={{ ...coloredSx(tag.color), fontWeight: 500 }} />
              </TableCell>
              <TableCell align="center" data-testid="tag-contacts-count">
                {tag.contactsCount}
              </TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('tags.viewContacts')}>
                  <span>
                    <IconButton
                      size="small"
                      onClick={() => onContacts(tag)}
                      aria-label={t('tags.viewContacts')}
                      disabled={tag.contactsCount === 0}
                    >
                      <PeopleIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <IconButton size="small" onClick={() => onEdit(tag)} aria-label={t('common.edit')}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => onDelete(tag)} aria-label={t('common.delete')}>
                  <DeleteOutlineIcon fontSize="small" />
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
          {!loading && tags.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('common.noRecords')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
