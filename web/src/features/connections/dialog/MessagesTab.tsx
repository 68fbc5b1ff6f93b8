import type { ConnectionView } from '@chatflow/contract';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type ConnectionForm, FormText } from './fields';

interface Props {
  form: ConnectionForm;
  connection: ConnectionView | null;
  /** A newly chosen greeting file, sent after the save (a new connection has no id before). */
  file: File | null;
  onFile(file: File | null): void;
  /** The stored file is to be removed on save. */
  removeStored: boolean;
  onRemoveStored(): void;
}

const multiline = { multiline: true, minRows: 2, maxRows: 6 } as const;

/** Messages tab (spec 2 §3 "Messages"): greeting with its image or video, farewell, out of hours, inactivity, collective vacation. */
export function MessagesTab({ form, connection, file, onFile, removeStored, onRemoveStored }: Props) {
  const { t } = useTranslation();
  const stored = !removeStored && connection?.greetingMediaAttachment;
  const attachedName = file?.name ?? (stored ? stored.split('/').pop() : null);
  return (
    <Stack spacing={2}>
      <FormText form={form} name="greetingMessage" label={t('connections.dialog.greetingMessage')} {...multiline} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />}>
          {t('connections.dialog.greetingMedia')}
          <input
            hidden
            type="file"
            accept="image/*,video/*"
            data-testid="greeting-media-input"
            onChange={(e) => {
              onFile(e.target.files?.[0] ?? null);
              e.target.value = '';
            }}
          />
        </Button>
        {attachedName && (
          <>
            <Typography variant="body2" noWrap sx={{ minWidth: 0 }} data-testid="greeting-media-name">
              {attachedName}
            </Typography>
            <Tooltip title={t('connections.dialog.removeMedia')}>
              <IconButton
                aria-label={t('connections.dialog.removeMedia')}
                size="small"
                onClick={() => (file ? onFile(null) : onRemoveStored())}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
      <FormText form={form} name="complationMessage" label={t('connections.dialog.complationMessage')} {...multiline} />
      <FormText form={form} name="outOfHoursMessage" label={t('connections.dialog.outOfHoursMessage')} {...multiline} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormText form={form} name="inactiveMessage" label={t('connections.dialog.inactiveMessage')} {...multiline} />
        <FormText
          form={form}
          name="timeInactiveMessage"
          type="number"
          label={t('connections.dialog.timeInactiveMessage')}
          sx={{ maxWidth: { sm: 200 } }}
        />
      </Stack>
      <FormText form={form} name="expiresInactiveMessage" label={t('connections.dialog.expiresInactiveMessage')} {...multiline} />
      <Typography variant="subtitle2">{t('connections.dialog.vacationTitle')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormText form={form} name="collectiveVacationStart" type="date" label={t('connections.dialog.collectiveVacationStart')} />
        <FormText form={form} name="collectiveVacationEnd" type="date" label={t('connections.dialog.collectiveVacationEnd')} />
      </Stack>
      <FormText form={form} name="collectiveVacationMessage" label={t('connections.dialog.collectiveVacationMessage')} {...multiline} />
    </Stack>
  );
}
