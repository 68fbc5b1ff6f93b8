import { HelpInput, type HelpView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Grid, Stack, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldError } from '../../components/form-errors';
import { notify } from '../../lib/notify';
import { reportSaveError } from '../../components/save-error';
import { type HelpBody, useSaveHelp } from './hooks';

type Form = z.input<typeof HelpInput>;
const EMPTY: Form = { title: '', video: '', description: '' };

/** Help video form (super user): title, YouTube code or link, description. Remounted (key) per record. */
export function HelpForm({ editing, onDone }: { editing: HelpView | null; onDone(): void }) {
  const { t } = useTranslation();
  const save = useSaveHelp();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, HelpBody>({
    resolver: zodResolver(HelpInput),
    defaultValues: editing ? { title: editing.title, video: editing.video, description: editing.description } : EMPTY,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only; the parent remounts per record
  useEffect(() => {
    if (editing) setFocus('title');
  }, []);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: editing?.id, body });
      notify(t('helps.toasts.saved'));
      onDone();
    } catch (err) {
      reportSaveError(err, setError, 'helps.toasts.saveError');
    }
  });

  const title = t(editing ? 'helps.manager.editTitle' : 'helps.manager.formTitle');
  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label={title}>
      <Typography variant="subtitle1" sx={{ mb: 2, fontWeight: 600 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label={t('helps.form.title')}
            fullWidth
            size="small"
            {...register('title')}
            error={!!errors.title}
            helperText={fieldError(t, errors.title)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label={t('helps.form.video')}
            fullWidth
            size="small"
            {...register('video')}
            error={!!errors.video}
            helperText={fieldError(t, errors.video)}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label={t('helps.form.description')}
            fullWidth
            size="small"
            multiline
            minRows={2}
            maxRows={6}
            {...register('description')}
            error={!!errors.description}
            helperText={fieldError(t, errors.description)}
          />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={isSubmitting}>
          {t(editing ? 'helps.buttons.cancelEdit' : 'helps.buttons.clear')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t('helps.buttons.save')}
        </Button>
      </Stack>
    </Box>
  );
}
