import type { UserView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import {
  Avatar,
  Box,
  Chip,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
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
  users: UserView[];
  loading: boolean;
  loadingMore: boolean;
  /** The signed-in user: they may not delete themself (the server refuses it too). */
  meId: number | undefined;
  onEdit(user: UserView): void;
  onDelete(user: UserView): void;
  scrollRef: Ref<HTMLDivElement>;
  onScroll(): void;
}

/** The users table: the box itself scrolls, so the page loads more near its bottom. */
export function UsersTable({ users, loading, loadingMore, meId, onEdit, onDelete, scrollRef, onScroll }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={scrollRef}
      onScroll={onScroll}
      sx={{ flexGrow: 1, minHeight: 240, maxHeight: 'calc(100vh - 180px)', overflowY: 'auto' }}
    >
      <Table size="small" stickyHeader aria-label={t('users.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('users.table.name')}</TableCell>
            <TableCell>{t('users.table.email')}</TableCell>
            <TableCell>{t('users.table.profile')}</TableCell>
            <TableCell>{t('users.table.queues')}</TableCell>
            <TableCell align="center">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id} hover data-testid="user-row">
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Box sx={{ position: 'relative' }}>
                    <Avatar src={u.profileImage ?? undefined} alt={u.name} sx={{ width: 32, height: 32, fontSize: 14 }}>
                      {u.name.charAt(0).toUpperCase()}
                    </Avatar>
                    <Tooltip title={u.online ? t('users.online') : t('users.offline')}>
                      <Box
                        aria-label={u.online ? t('users.online') : t('users.offline')}
                        data-online={u.online}
                        sx={{
                          position: 'absolute',
                          right: -2,
                          bottom: -2,
                          width: 11,
                          height: 11,
                          borderRadius: '50%',
                          border: 2,
                          borderColor: 'background.paper',
                          bgcolor: u.online ? 'success.main' : 'grey.400',
                        }}
                      />
                    </Tooltip>
                  </Box>
                  <span>{u.name}</span>
                </Stack>
              </TableCell>
              <TableCell>{u.email}</TableCell>
              <TableCell>{t(`users.profiles.${u.profile}`)}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {u.queues.map((q) => (
                    <Chip key={q.id} label={q.name} size="small" sx={coloredSx(q.color)} />
                  ))}
                </Box>
              </TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton size="small" onClick={() => onEdit(u)} aria-label={t('common.edit')}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => onDelete(u)} aria-label={t('common.delete')} disabled={u.id === meId}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {(loading || loadingMore) && (
            <TableRow>
              <TableCell colSpan={5} align="center">
                <CircularProgress size={22} />
              </TableCell>
            </TableRow>
          )}
          {!loading && users.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('common.noRecords')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
