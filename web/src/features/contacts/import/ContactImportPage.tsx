import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { ColumnMapping } from './ColumnMapping';
import {
  duplicateProblem,
  EMPTY_MAPPING,
  guessMapping,
  type ImportField,
  importProblem,
  type Mapping,
  type MappingProblem,
  type Sheet,
  toImportRequest,
} from './import-mapping';
import { ImportProgressPanel } from './ImportProgressPanel';
import { ImportRowsTable } from './ImportRowsTable';
import { ACCEPTED_EXTENSIONS, hasAcceptedExtension, readSheet } from './read-sheet';
import { useContactImport } from './use-contact-import';

const TOO_LARGE = new Set(['ERR_SHEET_TOO_LARGE', 'ERR_FILE_TOO_LARGE']);

/**
 * /contacts/import (spec 2 §4, §5): choose a file, map its columns to name, number and e-mail, pick
 * the rows, import them with a progress bar, then see how many were created and ignored.
 */
export default function ContactImportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [fileName, setFileName] = useState('');
  const [reading, setReading] = useState(false);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [mapping, setMapping] = useState<Mapping>(EMPTY_MAPPING);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { progress, run, reset } = useContactImport();
  const running = progress.status === 'running';
  const fail = (p: MappingProblem) => notify(t(p.key, p.values ?? {}), 'error', 2000);

  const chooseFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after a fix
    if (!file) return;
    setSheet(null);
    reset();
    if (!hasAcceptedExtension(file.name)) return fail({ key: 'contacts.import.errors.invalidFile' });
    setFileName(file.name);
    setReading(true);
    try {
      const read = await readSheet(file);
      setSheet(read);
      setMapping(guessMapping(read.columns));
      setSelected(new Set(read.rows.map((_, i) => i)));
    } catch (err) {
      // A sheet past the server's limits says so (and which limits); any other failure is "Arquivo inválido!".
      if (err instanceof ApiError && TOO_LARGE.has(err.code ?? '')) notify(errorMessage(err), 'error', 4000);
      else fail({ key: 'contacts.import.errors.invalidFile' });
    } finally {
      setReading(false);
    }
  };

  const changeMapping = (field: ImportField, column: string) => {
    const problem = duplicateProblem(mapping, field, column);
    if (problem) return fail(problem);
    setMapping((m) => ({ ...m, [field]: column }));
  };

  const toggle = (index: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  const startImport = async () => {
    if (!sheet) return;
    const problem = importProblem(mapping, selected.size);
    if (problem) return fail(problem);
    await run(toImportRequest(sheet, mapping, selected));
  };

  // The summary's toast, once per finished import.
  useEffect(() => {
    if (progress.status !== 'done') return;
    notify(progress.ignored ? t('contacts.import.partial') : t('contacts.import.success'), progress.ignored ? 'warning' : 'success');
  }, [progress.status, progress.ignored, t]);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('contacts.import.title')}
        </Typography>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/contacts')} disabled={running}>
          {t('common.back')}
        </Button>
        <Button
          component="label"
          variant="outlined"
          startIcon={reading ? <CircularProgress size={16} /> : <FileUploadIcon />}
          disabled={running || reading}
        >
          {t('contacts.import.chooseFile')}
          <input hidden type="file" accept={ACCEPTED_EXTENSIONS.join(',')} onChange={chooseFile} data-testid="import-file" />
        </Button>
        <Button variant="contained" onClick={startImport} disabled={!sheet || running} data-testid="import-start">
          {t('contacts.import.start')}
        </Button>
      </Stack>
      {!sheet && !reading && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
          {t('contacts.import.hint')}
        </Paper>
      )}
      {sheet && (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="import-file-info">
            {t('contacts.import.fileInfo', { name: fileName, rows: sheet.rows.length, selected: selected.size })}
          </Typography>
          <ColumnMapping columns={sheet.columns} mapping={mapping} disabled={running} onChange={changeMapping} />
          <ImportProgressPanel progress={progress} />
          <ImportRowsTable
            sheet={sheet}
            selected={selected}
            disabled={running}
            onToggle={toggle}
            onToggleAll={(all) => setSelected(all ? new Set(sheet.rows.map((_, i) => i)) : new Set())}
          />
        </>
      )}
    </Stack>
  );
}
