import type { ContactView } from '@chatflow/contract';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Avatar,
  Box,
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
  contacts: ContactView[];
  loading: boolean;
  loadingMore: boolean;
  /** contacts-page:deleteContact (admins). */
  canDelete: boolean;
  /** Admins merge two records of one person. */
  canMerge: boolean;
  onStartTicket(contact: ContactView): void;
  onEdit(contact: ContactView): void;
  onToggleBlock(contact: ContactView): void;
  onDelete(contact: ContactView): void;
  onMerge(contact: ContactView): void;
  scrollRef: Ref<HTMLDivElement>;
  onScroll(): void;
}

const COLUMNS = 7;

/**
 * On a phone the number column is left out and the number goes under the name: beside the pinned actions
 * column (app/theme/sticky-actions.ts) there was room for the name and one digit of the number.
 */
const NUMBER_COLUMN = { display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' } as const;
/** On a phone the actions take two short lines (three icons, then two), so the pinned column leaves the name its room. */
const ACTIONS_CELL = { whiteSpace: { xs: 'normal', sm: 'nowrap' }, minWidth: { xs: 96, sm: 0 }, px: { xs: 1, sm: 2 } } as const;

/** The contacts table: the box itself scrolls, so the page loads more near its bottom. */
export function ContactsTable({
  contacts,
  loading,
  loadingMore,
  canDelete,
  canMerge,
  onStartTicket,
  onEdit,
  onToggleBlock,
  onDelete,
  onMerge,
  scrollRef,
  onScroll,
}: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={scrollRef}
      onScroll={onScroll}
      data-testid="contacts-scroll"
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('contacts.title')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{t('contacts.table.name')}</TableCell>
            <TableCell sx={NUMBER_COLUMN}>{t('contacts.table.number')}</TableCell>
            <TableCell>{t('contacts.table.email')}</TableCell>
            <TableCell>{t('contacts.table.tags')}</TableCell>
            <TableCell align="center">{t('contacts.table.status')}</TableCell>
            <TableCell align="center" sx={ACTIONS_CELL}>
              {t('common.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {contacts.map((c) => (
            <TableRow key={c.id} hover data-testid="contact-row">
              <TableCell padding="checkbox">
                <Avatar src={c.urlPicture || undefined} alt={c.name} sx={{ width: 32, height: 32, fontSize: 14 }}>
                  {c.name.charAt(0).toUpperCase()}
                </Avatar>
              </TableCell>
              <TableCell>
                {c.name}
                <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: 12 }}>
                  {c.number}
                </Box>
              </TableCell>
              <TableCell sx={NUMBER_COLUMN} data-testid="contact-number">
                {c.number}
              </TableCell>
              <TableCell>{c.email}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {c.tags.map((tag) => (
                    <Chip key={tag.id} size="small" label={tag.name} sx={coloredSx(tag.color)} />
                  ))}
                </Box>
              </TableCell>
              <TableCell align="center">
                <Chip
                  size="small"
                  variant="outlined"
                  color={c.active ? 'success' : 'error'}
                  data-testid="contact-status"
                  label={c.active ? t('contacts.status.active') : t('contacts.status.blocked')}
                />
              </TableCell>
              <TableCell align="center" sx={ACTIONS_CELL}>
                <Tooltip title={t('contacts.actions.startTicket')}>
                  <IconButton size="small" onClick={() => onStartTicket(c)} aria-label={t('contacts.actions.startTicket')}>
                    <WhatsAppIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <IconButton size="small" onClick={() => onEdit(c)} aria-label={t('common.edit')}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <Tooltip title={c.active ? t('contacts.actions.block') : t('contacts.actions.unblock')}>
                  <IconButton
                    size="small"
                    onClick={() => onToggleBlock(c)}
                    aria-label={c.active ? t('contacts.actions.block') : t('contacts.actions.unblock')}
                  >
                    {c.active ? <BlockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
                  </IconButton>
                </Tooltip>
                {canMerge && (
                  <Tooltip title={t('contacts.actions.merge')}>
                    <IconButton size="small" onClick={() => onMerge(c)} aria-label={t('contacts.actions.merge')}>
                      <MergeTypeIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                {canDelete && (
                  <IconButton size="small" onClick={() => onDelete(c)} aria-label={t('common.delete')}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
          {(loading || loadingMore) && (
            <TableRow>
              <TableCell colSpan={COLUMNS} align="center">
                <CircularProgress size={22} />
              </TableCell>
            </TableRow>
          )}
          {!loading && contacts.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('common.noRecords')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
