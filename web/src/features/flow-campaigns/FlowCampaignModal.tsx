import { FlowCampaignInput, type FlowCampaignView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { notify } from '../../lib/notify';
import { useConnectionChoices, useFlowChoices, useSaveFlowCampaign } from './hooks/use-flow-campaigns';

interface Props {
  onClose(): void;
  /** null creates a campaign. */
  record: FlowCampaignView | null;
}

interface FormValues {
  name: string;
  flowId: number | '';
  whatsappId: number | '';
  phrase: string;
  status: boolean;
}

const valuesOf = (r: FlowCampaignView | null): FormValues =>
  r
    ? { name: r.name, flowId: r.flowId, whatsappId: r.whatsappId ?? '', phrase: r.phrase, status: r.status }
    : { name: '', flowId: '', whatsappId: '', phrase: '', status: true };

/**
 * The phrase campaign dialog (spec 3 "Phrase-triggered flow campaigns"): name, flow, connection (name
 * and status; empty means any connection, flagged but allowed), trigger phrase, and the status switch
 * in edit only (creation sends no status).
 */
export default function FlowCampaignModal({ onClose, record }: Props) {
  const { t } = useTranslation();
  const flows = useFlowChoices();
  const connections = useConnectionChoices();
  const save = useSaveFlowCampaign();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<FormValues>({
    // raw: the form keeps its own values (the status switch is not part of the creation schema).
    resolver: zodResolver(FlowCampaignInput, undefined, { raw: true }) as unknown as Resolver<FormValues>,
    defaultValues: valuesOf(record),
  });
  const noConnection = submitCount > 0 && watch('whatsappId') === '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: record?.id ?? null,
        values: {
          name: values.name,
          flowId: Number(values.flowId),
          whatsappId: values.whatsappId === '' ? null : Number(values.whatsappId),
          phrase: values.phrase,
          ...(record ? { status: values.status } : {}),
        },
      });
      notify(record ? t('flowCampaigns.updated') : t('flowCampaigns.created'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="flow-campaign-modal-title">
      <DialogTitle id="flow-campaign-modal-title">
        {record ? t('flowCampaigns.modal.titleEdit') : t('flowCampaigns.modal.titleAdd')}
      </DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t('flowCampaigns.modal.name')}
              autoFocus
              required
              {...register('name')}
              error={!!errors.name}
              helperText={fieldError(t, errors.name)}
              slotProps={{ htmlInput: { 'data-testid': 'flow-campaign-name' } }}
            />
            <Controller
              control={control}
              name="flowId"
              render={({ field }) => (
                <TextField
                  select
                  required
                  label={t('flowCampaigns.modal.flow')}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                  onBlur={field.onBlur}
                  error={!!errors.flowId}
                  helperText={fieldError(t, errors.flowId) ?? (flows.data?.length === 0 ? t('flowCampaigns.modal.noFlows') : undefined)}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'flow-campaign-flow' } as object } }}
                >
                  {(flows.data ?? []).map((f) => (
                    <MenuItem key={f.id} value={f.id}>
                      {f.active ? f.name : `${f.name} (${t('flowCampaigns.inactiveFlow')})`}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="whatsappId"
              render={({ field }) => (
                <TextField
                  select
                  label={t('flowCampaigns.modal.connection')}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                  onBlur={field.onBlur}
                  error={noConnection || !!errors.whatsappId}
                  helperText={fieldError(t, errors.whatsappId) ?? (noConnection ? t('flowCampaigns.modal.anyConnection') : undefined)}
                  slotProps={{
                    select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'flow-campaign-connection' } as object },
                    inputLabel: { shrink: true },
                  }}
                >
                  <MenuItem value="">
                    <em>{t('flowCampaigns.modal.selectConnection')}</em>
                  </MenuItem>
                  {(connections.data ?? []).map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name} — {t(`connections.status.${c.status}`, { defaultValue: c.status })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={t('flowCampaigns.modal.phrase')}
              required
              {...register('phrase')}
              error={!!errors.phrase}
              helperText={fieldError(t, errors.phrase)}
              slotProps={{ htmlInput: { 'data-testid': 'flow-campaign-phrase' } }}
            />
            {record && (
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} data-testid="flow-campaign-status" />
                    }
                    label={t('flowCampaigns.modal.status')}
                  />
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            data-testid="flow-campaign-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {record ? t('flowCampaigns.modal.save') : t('flowCampaigns.modal.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
