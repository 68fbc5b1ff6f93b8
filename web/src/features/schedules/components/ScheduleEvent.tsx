import type { ScheduledMessageView } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  schedule: ScheduledMessageView;
  title: string;
  onEdit(s: ScheduledMessageView): void;
  onDelete(s: ScheduledMessageView): void;
}

/** One send on the calendar: the contact's name, with edit and delete icons (spec 3 "Schedules calendar"). */
export function ScheduleEvent({ schedule, title, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 0 }} data-testid="schedule-event">
      <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {title}
      </Box>
      <Tooltip title={t('schedules.edit')}>
        <IconButton
          size="small"
          aria-label={t('schedules.edit')}
          sx={{ color: 'inherit', p: 0.25 }}
          onClick={(e) => {
            e.stopPropagation();
            onEdit(schedule);
          }}
        >
          <EditIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('schedules.delete')}>
        <IconButton
          size="small"
          aria-label={t('schedules.delete')}
          sx={{ color: 'inherit', p: 0.25 }}
          onClick={(e) => {
            e.stopPropagation();
            onDelete(schedule);
          }}
        >
          <DeleteOutlineIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
