import type { ConnectionView, QueueView } from '@chatflow/contract';
import { Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CloudApiFields } from './CloudApiFields';
import { type ConnectionForm, FormSwitch, FormText, QueueSelect } from './fields';
import { TokenField } from './TokenField';

/**
 * General tab: name, provider, default, groups, queues, token, and the import of old messages (spec 2
 * §3). A Cloud API connection has its Meta account instead of the provider and the phone's history.
 */
export function GeneralTab({ form, queues, connection }: { form: ConnectionForm; queues: QueueView[]; connection: ConnectionView | null }) {
  const { t } = useTranslation();
  const cloudApi = form.getValues('channel') === 'whatsappapi';
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormText form={form} name="name" label={t('connections.dialog.name')} autoFocus autoComplete="off" />
        {!cloudApi && (
          <Controller
            name="provider"
            control={form.control}
            render={({ field }) => (
              <TextField
                select
                label={t('connections.dialog.provider')}
                {...field}
                sx={{ minWidth: 200 }}
                slotProps={{ htmlInput: { 'data-testid': 'connection-provider' } }}
              >
                <MenuItem value="beta">{t('connections.providers.beta')}</MenuItem>
                <MenuItem value="simulator">{t('connections.providers.simulator')}</MenuItem>
              </TextField>
            )}
          />
        )}
      </Stack>
      {cloudApi && <CloudApiFields form={form} hasStoredToken={connection?.hasToken ?? false} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FormSwitch form={form} name="isDefault" label={t('connections.dialog.isDefault')} />
        <FormSwitch form={form} name="allowGroup" label={t('connections.dialog.allowGroup')} />
        <Controller
          name="groupAsTicket"
          control={form.control}
          render={({ field }) => (
            <TextField select size="small" label={t('connections.dialog.groupAsTicket')} {...field} sx={{ minWidth: 220 }}>
              <MenuItem value="disabled">{t('connections.dialog.disabled')}</MenuItem>
              <MenuItem value="enabled">{t('connections.dialog.enabled')}</MenuItem>
            </TextField>
          )}
        />
      </Stack>
      <Controller
        name="queueIds"
        control={form.control}
        render={({ field }) => (
          <TextField
            select
            label={t('connections.dialog.queues')}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value as unknown as number[])}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (ids) => (
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {(ids as number[]).map((id) => (
                      <Chip key={id} size="small" label={queues.find((q) => q.id === id)?.name ?? id} />
                    ))}
                  </Stack>
                ),
              },
            }}
          >
            {queues.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                {q.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {connection && <TokenField connection={connection} />}
      {!cloudApi && <HistoryImport form={form} queues={queues} />}
    </Stack>
  );
}

/** The import of the phone's old messages: WhatsApp Web only (the Cloud API has no history to fetch). */
function HistoryImport({ form, queues }: { form: ConnectionForm; queues: QueueView[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="subtitle2">{t('connections.dialog.importTitle')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormText form={form} name="importOldMessages" type="date" label={t('connections.dialog.importOldMessages')} />
        <FormText form={form} name="importRecentMessages" type="date" label={t('connections.dialog.importRecentMessages')} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormSwitch form={form} name="importOldMessagesGroups" label={t('connections.dialog.importOldMessagesGroups')} />
        <FormSwitch form={form} name="closedTicketsPostImported" label={t('connections.dialog.closedTicketsPostImported')} />
      </Stack>
      <QueueSelect form={form} name="queueIdImportMessages" label={t('connections.dialog.queueIdImportMessages')} queues={queues} />
    </>
  );
}
