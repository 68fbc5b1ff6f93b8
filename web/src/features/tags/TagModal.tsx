import { TagInput, type TagView } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { notify } from '../../lib/notify';
import { ColorField } from '../../components/ColorField';
import { useSaveTag } from './hooks/use-tag-mutations';
import { newTagValues, type TagFormValues, toFormValues, toPayload } from './tag-form';
import { coloredSx } from '../../components/colored';

interface Props {
  open: boolean;
  onClose(): void;
  /** null adds a tag. */
  tag: TagView | null;
}

/** Add/edit a tag (spec 3 §5): name of at least 3 characters, a colour (random for a new tag). */
export default function TagModal({ open, onClose, tag }: Props) {
  const { t } = useTranslation();
  const save = useSaveTag();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TagFormValues>({
    resolver: zodResolver(TagInput) as unknown as Resolver<TagFormValues>,
    defaultValues: tag ? toFormValues(tag) : newTagValues(),
  });
  const [name, color] = watch(['name', 'color']);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: tag?.id ?? null, payload: toPayload(values, tag) });
      notify(t('tags.modal.success'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="tag-modal-title">
      <DialogTitle id="tag-modal-title">{tag ? t('tags.modal.titleEdit') : t('tags.modal.titleAdd')}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('tags.modal.name')}
              autoFocus
              fullWidth
              autoComplete="off"
              {...register('name')}
              error={!!errors.name}
              helperText={fieldError(t, errors.name)}
              slotProps={{ htmlInput: { 'data-testid': 'tag-name' } }}
            />
            <Controller
              name="color"
              control={control}
              render={({ field }) => (
                <ColorField
                  testId="tag-color"
                  label={t('tags.modal.color')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={!!errors.color}
                  helperText={fieldError(t, errors.color)}
                />
              )}
            />
            <Box>
              <Chip label={name || t('tags.modal.preview')} sx={coloredSx(color)} />
            </Box>
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
            data-testid="tag-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {tag ? t('common.save') : t('common.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
