import { LANE_TIME_MAX_HOURS, type LaneView, randomTagColor, TagInput } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField';
import { applyServerErrors, fieldError } from '../../../components/form-errors';
import { notify } from '../../../lib/notify';
import { type LanePayload, useSaveLane } from '../hooks/use-lane-mutations';

interface Props {
  /** null adds a lane. */
  lane: LaneView | null;
  lanes: LaneView[];
  onClose(): void;
}

interface Values {
  name: string;
  color: string;
  timeLane: number;
  nextLaneId: number | '' | null;
  rollbackLaneId: number | '' | null;
  greetingMessageLane: string;
}

const toValues = (lane: LaneView | null): Values => ({
  name: lane?.name ?? '',
  color: lane?.color ?? randomTagColor(),
  timeLane: lane?.timeLane ?? 0,
  nextLaneId: lane?.nextLaneId ?? '',
  rollbackLaneId: lane?.rollbackLaneId ?? '',
  greetingMessageLane: lane?.greetingMessageLane ?? '',
});

const toPayload = (v: Values): LanePayload => ({
  name: v.name,
  color: v.color,
  kanban: 1,
  timeLane: Number(v.timeLane) || 0,
  nextLaneId: v.nextLaneId === '' || v.nextLaneId === null ? null : Number(v.nextLaneId),
  rollbackLaneId: v.rollbackLaneId === '' || v.rollbackLaneId === null ? null : Number(v.rollbackLaneId),
  greetingMessageLane: v.greetingMessageLane,
});

/**
 * Add/edit a kanban lane: name (at least 3 characters), colour, and the lane's automation: after
 * timeLane hours a card moves to the next lane; a customer's reply moves it to the rollback lane; the
 * greeting goes to the contact when a card enters. The server refuses a lane that points to itself
 * or closes a cycle of timed moves.
 */
export function LaneModal({ lane, lanes, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveLane();
  const others = lanes.filter((l) => l.id !== lane?.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(TagInput) as unknown as Resolver<Values>,
    defaultValues: toValues(lane),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: lane?.id ?? null, payload: toPayload(values) });
      notify(t('kanban.lanes.saved'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  const laneSelect = (name: 'nextLaneId' | 'rollbackLaneId', testId: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={t(`kanban.lanes.${name}`)}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
          error={!!errors[name]}
          helperText={fieldError(t, errors[name])}
          slotProps={{ htmlInput: { 'data-testid': testId }, inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('kanban.lanes.none')}</MenuItem>
          {others.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="lane-modal-title">
      <DialogTitle id="lane-modal-title">{lane ? t('kanban.lanes.titleEdit') : t('kanban.lanes.titleAdd')}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('kanban.lanes.name')}
              autoFocus
              fullWidth
              autoComplete="off"
              {...register('name')}
              error={!!errors.name}
              helperText={fieldError(t, errors.name)}
              slotProps={{ htmlInput: { 'data-testid': 'lane-name' } }}
            />
            <Controller
              name="color"
              control={control}
              render={({ field }) => (
                <ColorField
                  testId="lane-color"
                  label={t('kanban.lanes.color')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={!!errors.color}
                  helperText={fieldError(t, errors.color)}
                />
              )}
            />
            <TextField
              type="number"
              label={t('kanban.lanes.timeLane')}
              fullWidth
              {...register('timeLane')}
              error={!!errors.timeLane}
              helperText={fieldError(t, errors.timeLane) ?? t('kanban.lanes.timeLaneHelp')}
              slotProps={{ htmlInput: { min: 0, max: LANE_TIME_MAX_HOURS, 'data-testid': 'lane-time' } }}
            />
            {laneSelect('nextLaneId', 'lane-next')}
            {laneSelect('rollbackLaneId', 'lane-rollback')}
            <TextField
              label={t('kanban.lanes.greetingMessageLane')}
              fullWidth
              multiline
              minRows={3}
              {...register('greetingMessageLane')}
              error={!!errors.greetingMessageLane}
              helperText={fieldError(t, errors.greetingMessageLane) ?? t('kanban.lanes.greetingHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'lane-greeting' } }}
            />
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
            data-testid="lane-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {lane ? t('common.save') : t('common.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
