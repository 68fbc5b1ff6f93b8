import { CampaignInput, type CampaignView, isCampaignEditable } from '@chatflow/contract';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../../components/form-errors';
import { useConnections, useTagList, useUserList } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { useContactListOptions } from '../../contact-lists';
import { useQueues } from '../../queues';
import { type AttachmentChange, useCampaignSettings, useSaveCampaign } from '../hooks/use-campaigns';
import { CampaignAttachment } from './CampaignAttachment';

const VARIANTS = [1, 2, 3, 4, 5] as const;

interface FormValues {
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  confirmation: boolean;
  /** datetime-local text (yyyy-MM-ddTHH:mm) or empty. */
  scheduledAt: string;
  contactListId: string;
  tagListId: string;
  whatsappId: string;
  userId: string;
  queueId: string;
  statusTicket: 'closed' | 'pending' | 'open';
  openTicket: 'enabled' | 'disabled';
}

const idOrNull = (v: string) => (v ? Number(v) : null);

/** The request body the form's values make: ids as numbers, the local time as an ISO instant. */
function toPayload(v: FormValues): CampaignInput {
  return {
    ...v,
    scheduledAt: v.scheduledAt ? new Date(v.scheduledAt).toISOString() : null,
    contactListId: idOrNull(v.contactListId),
    tagListId: idOrNull(v.tagListId),
    whatsappId: v.whatsappId ? Number(v.whatsappId) : (undefined as unknown as number),
    userId: idOrNull(v.userId),
    queueId: idOrNull(v.queueId),
  };
}

/** The contract's schema checks the payload the form makes, so browser and server say the same thing. */
const resolver: Resolver<FormValues> = async (values) => {
  const parsed = CampaignInput.safeParse(toPayload(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    errors[field] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<FormValues> };
};

function toFormValues(c: CampaignView | null): FormValues {
  const text = (n: number | null) => (n ? String(n) : '');
  return {
    name: c?.name ?? '',
    message1: c?.message1 ?? '',
    message2: c?.message2 ?? '',
    message3: c?.message3 ?? '',
    message4: c?.message4 ?? '',
    message5: c?.message5 ?? '',
    confirmationMessage1: c?.confirmationMessage1 ?? '',
    confirmationMessage2: c?.confirmationMessage2 ?? '',
    confirmationMessage3: c?.confirmationMessage3 ?? '',
    confirmationMessage4: c?.confirmationMessage4 ?? '',
    confirmationMessage5: c?.confirmationMessage5 ?? '',
    confirmation: c?.confirmation ?? false,
    scheduledAt: c?.scheduledAt ? format(parseISO(c.scheduledAt), "yyyy-MM-dd'T'HH:mm") : '',
    contactListId: text(c?.contactListId ?? null),
    tagListId: text(c?.tagListId ?? null),
    whatsappId: text(c?.whatsappId ?? null),
    userId: text(c?.userId ?? null),
    queueId: text(c?.queueId ?? null),
    statusTicket: c?.statusTicket ?? 'closed',
    openTicket: c?.openTicket ?? 'disabled',
  };
}

/**
 * The campaign modal (spec 3 "Campaigns", §5): name, connection, contact list or tag, schedule,
 * confirmation, ticket options, the attachment and up to five messages each with its confirmation message. Read-only
 * when the campaign is no longer editable (spec 3 §4).
 */
export function CampaignModal({ record, onClose }: { record: CampaignView | null; onClose(): void }) {
  const { t } = useTranslation();
  const readOnly = !!record && !isCampaignEditable(record);
  const [tab, setTab] = useState(0);
  const connections = useConnections();
  const lists = useContactListOptions();
  const tags = useTagList();
  const users = useUserList();
  const queues = useQueues();
  const settings = useCampaignSettings();
  const save = useSaveCampaign();
  const {
    register,
    control,
    watch,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver, defaultValues: toFormValues(record) });
  const [attachment, setAttachment] = useState<AttachmentChange>({ kind: 'keep' });
  const confirmation = watch('confirmation');
  const ticketOn = watch('openTicket') === 'enabled';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: record?.id ?? null, values: toPayload(values), attachment });
      notify(t('campaigns.saved'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  type SelectName = 'whatsappId' | 'contactListId' | 'tagListId' | 'userId' | 'queueId' | 'openTicket' | 'statusTicket';
  const select = (
    name: SelectName,
    label: string,
    options: { id: number | string; name: string }[],
    opts: { disabled?: boolean; none?: boolean } = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          disabled={readOnly || opts.disabled}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={!!errors[name]}
          helperText={fieldError(t, errors[name])}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': `campaign-${name}` } as object } }}
        >
          {opts.none !== false && <MenuItem value="">{t('campaigns.modal.none')}</MenuItem>}
          {options.map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const variables = ['{nome}', '{numero}', '{email}', ...(settings.data?.variables ?? []).map((v) => `{${v.key}}`)].join(' ');

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth scroll="paper" aria-labelledby="campaign-modal-title">
      <DialogTitle id="campaign-modal-title">
        {readOnly ? t('campaigns.modal.titleView') : record ? t('campaigns.modal.titleEdit') : t('campaigns.modal.titleAdd')}
      </DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          {readOnly && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="campaign-read-only">
              {t('campaigns.modal.readOnly')}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 8 }}>
              <TextField
                fullWidth
                size="small"
                label={t('campaigns.modal.name')}
                disabled={readOnly}
                {...register('name')}
                error={!!errors.name}
                helperText={fieldError(t, errors.name)}
                slotProps={{ htmlInput: { 'data-testid': 'campaign-name' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                name="confirmation"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={readOnly} />}
                    label={t('campaigns.modal.confirmation')}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {select('whatsappId', t('campaigns.modal.whatsapp'), connections.data ?? [], { none: false })}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>{select('contactListId', t('campaigns.modal.contactList'), lists.data ?? [])}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>{select('tagListId', t('campaigns.modal.tagList'), tags.data ?? [])}</Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                fullWidth
                size="small"
                type="datetime-local"
                label={t('campaigns.modal.scheduledAt')}
                disabled={readOnly}
                {...register('scheduledAt')}
                error={!!errors.scheduledAt}
                helperText={fieldError(t, errors.scheduledAt)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campaign-scheduledAt' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {select(
                'openTicket',
                t('campaigns.modal.openTicket'),
                [
                  { id: 'enabled', name: t('campaigns.modal.enabled') },
                  { id: 'disabled', name: t('campaigns.modal.disabled') },
                ],
                { none: false },
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              {select(
                'statusTicket',
                t('campaigns.modal.statusTicket'),
                [
                  { id: 'closed', name: t('campaigns.modal.ticketClosed') },
                  { id: 'pending', name: t('campaigns.modal.ticketPending') },
                  { id: 'open', name: t('campaigns.modal.ticketOpen') },
                ],
                { none: false, disabled: !ticketOn },
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>{select('userId', t('campaigns.modal.user'), users.data ?? [], { disabled: !ticketOn })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {select('queueId', t('campaigns.modal.queue'), queues.data ?? [], { disabled: !ticketOn })}
            </Grid>
            <Grid size={12}>
              <CampaignAttachment
                storedName={attachment.kind === 'keep' ? (record?.mediaName ?? null) : null}
                pending={attachment.kind === 'replace' ? attachment.file : null}
                disabled={readOnly}
                onPick={(file) => setAttachment({ kind: 'replace', file })}
                onRemove={() => setAttachment({ kind: 'remove' })}
              />
            </Grid>
            <Grid size={12}>
              <Tabs
                value={tab}
                onChange={(_, v: number) => setTab(v)}
                variant="scrollable"
                scrollButtons="auto"
                aria-label={t('campaigns.modal.messages')}
              >
                {VARIANTS.map((n) => (
                  <Tab key={n} label={t('campaigns.modal.messageTab', { n })} data-testid={`campaign-tab-${n}`} />
                ))}
              </Tabs>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {t('campaigns.modal.variables', { variables })}
              </Typography>
            </Grid>
            {VARIANTS.map((n) =>
              tab === n - 1 ? (
                <Grid key={n} size={12} container spacing={2}>
                  <Grid size={{ xs: 12, md: confirmation ? 6 : 12 }}>
                    <TextField
                      fullWidth
                      multiline
                      minRows={5}
                      label={t('campaigns.modal.message', { n })}
                      disabled={readOnly}
                      {...register(`message${n}`)}
                      error={!!errors[`message${n}`]}
                      helperText={fieldError(t, errors[`message${n}`])}
                      slotProps={{ htmlInput: { 'data-testid': `campaign-message${n}` } }}
                    />
                  </Grid>
                  {confirmation && (
                    <Grid size={{ xs: 12, md: 6 }}>
                      <TextField
                        fullWidth
                        multiline
                        minRows={5}
                        label={t('campaigns.modal.confirmationMessage', { n })}
                        disabled={readOnly}
                        {...register(`confirmationMessage${n}`)}
                        error={!!errors[`confirmationMessage${n}`]}
                        helperText={fieldError(t, errors[`confirmationMessage${n}`])}
                      />
                    </Grid>
                  )}
                </Grid>
              ) : null,
            )}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{readOnly ? t('common.close') : t('common.cancel')}</Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="campaign-save">
              {t('common.save')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
