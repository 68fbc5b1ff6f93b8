import { FileListInput, type FileListView, looksLikeFileListFile } from '@chatflow/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldError } from '../../components/form-errors';
import { notify } from '../../lib/notify';
import { FileOptionRow } from './components/FileOptionRow';
import { type FileListFormValues, NEW_FILE_LIST_VALUES, toFormValues } from './file-list-form';
import { useSaveFileList } from './hooks/use-file-lists';

interface Props {
  onClose(): void;
  /** null adds a list. */
  record: FileListView | null;
}

/**
 * Add/edit a file list (spec 3 "File lists"): name (min 3, 'nome muito curto'), message, and a
 * repeatable list of files, each with a name and a file. Files chosen here go up after the save.
 */
export default function FileListModal({ onClose, record }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSaveFileList();
  const [files, setFiles] = useState<Map<string, File>>(new Map());
  const [submitted, setSubmitted] = useState(false);
  // The list once stored: should one of its files be refused, the next save updates it instead of adding another.
  const [savedId, setSavedId] = useState<number | null>(record?.id ?? null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FileListFormValues>({
    resolver: zodResolver(FileListInput) as unknown as Resolver<FileListFormValues>,
    defaultValues: record ? toFormValues(record) : NEW_FILE_LIST_VALUES,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'options', keyName: 'key' });
  const options = watch('options');
  const missing = fields.map((f, i) => !files.get(f.key) && !options[i]?.path);
  const invalid = fields.map((f) => {
    const file = files.get(f.key);
    return !!file && !looksLikeFileListFile(file.name, file.type);
  });

  const onSubmit = handleSubmit(async (values) => {
    setSubmitted(true);
    if (missing.some(Boolean) || invalid.some(Boolean)) return;
    try {
      await save.mutateAsync({
        id: savedId,
        onSaved: (list) => setSavedId(list.id),
        values: { name: values.name, message: values.message, options: values.options.map((o) => ({ id: o.id, name: o.name })) },
        files: fields.map((f) => files.get(f.key) ?? null),
      });
      notify(t('common.operationSuccess'));
      onClose();
    } catch (err) {
      applyServerErrors(err, setError);
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen} scroll="paper" aria-labelledby="file-list-modal-title">
      <DialogTitle id="file-list-modal-title">{record ? t('fileLists.modal.titleEdit') : t('fileLists.modal.titleAdd')}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t('fileLists.modal.name')}
              autoFocus
              required
              {...register('name')}
              error={!!errors.name}
              helperText={fieldError(t, errors.name)}
              slotProps={{ htmlInput: { 'data-testid': 'file-list-name' } }}
            />
            <TextField
              label={t('fileLists.modal.message')}
              required
              multiline
              minRows={3}
              maxRows={10}
              {...register('message')}
              error={!!errors.message}
              helperText={fieldError(t, errors.message)}
              slotProps={{ htmlInput: { 'data-testid': 'file-list-message' } }}
            />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('fileLists.modal.files')}
            </Typography>
            {fields.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('fileLists.modal.noFiles')}
              </Typography>
            )}
            {fields.map((field, index) => (
              <FileOptionRow
                key={field.key}
                index={index}
                nameInput={register(`options.${index}.name`)}
                nameError={fieldError(t, errors.options?.[index]?.name)}
                storedPath={options[index]?.path ?? ''}
                pending={files.get(field.key) ?? null}
                missingFile={submitted && missing[index]}
                invalidFile={invalid[index]}
                onPick={(file) => setFiles((m) => new Map(m).set(field.key, file))}
                onRemove={() => remove(index)}
              />
            ))}
            <Box>
              <Button startIcon={<AddIcon />} size="small" onClick={() => append({ name: '', path: '' })} data-testid="file-option-add">
                {t('fileLists.modal.addFile')}
              </Button>
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
            data-testid="file-list-save"
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {record ? t('common.save') : t('common.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
