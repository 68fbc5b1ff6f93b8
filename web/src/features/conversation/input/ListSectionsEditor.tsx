import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type ListSection, newRow, newSection } from './interactive-forms';

interface Props {
  sections: ListSection[];
  errors: Record<string, string>;
  onChange(sections: ListSection[]): void;
}

/** Sections of a list message, each with its rows (title and description). */
export function ListSectionsEditor({ sections, errors, onChange }: Props) {
  const { t } = useTranslation();
  const err = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const setSection = (i: number, s: ListSection) => onChange(sections.map((x, j) => (j === i ? s : x)));
  return (
    <Box>
      {sections.map((section, i) => (
        <Box key={section.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, mb: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              fullWidth
              label={t('conversation.interactive.sectionTitle')}
              value={section.title}
              onChange={(e) => setSection(i, { ...section, title: e.target.value })}
              error={!!err(`sections.${i}.title`)}
              helperText={err(`sections.${i}.title`)}
            />
            {sections.length > 1 && (
              <IconButton onClick={() => onChange(sections.filter((_, j) => j !== i))} aria-label={t('common.delete')}>
                <DeleteIcon />
              </IconButton>
            )}
          </Box>
          {section.rows.map((row, r) => (
            <Box key={row.key} sx={{ display: 'flex', gap: 1, mt: 1, pl: 2 }}>
              <TextField
                size="small"
                label={t('conversation.interactive.rowTitle')}
                value={row.title}
                sx={{ flex: 1 }}
                error={!!err(`sections.${i}.rows.${r}.title`)}
                helperText={err(`sections.${i}.rows.${r}.title`)}
                onChange={(e) =>
                  setSection(i, { ...section, rows: section.rows.map((x, k) => (k === r ? { ...x, title: e.target.value } : x)) })
                }
              />
              <TextField
                size="small"
                label={t('conversation.interactive.rowDescription')}
                value={row.description}
                sx={{ flex: 1 }}
                onChange={(e) =>
                  setSection(i, { ...section, rows: section.rows.map((x, k) => (k === r ? { ...x, description: e.target.value } : x)) })
                }
              />
              {section.rows.length > 1 && (
                <IconButton
                  onClick={() => setSection(i, { ...section, rows: section.rows.filter((_, k) => k !== r) })}
                  aria-label={t('common.delete')}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </Box>
          ))}
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ mt: 0.5, ml: 2 }}
            onClick={() => setSection(i, { ...section, rows: [...section.rows, newRow()] })}
          >
            {t('conversation.interactive.addRow')}
          </Button>
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...sections, newSection()])}>
        {t('conversation.interactive.addSection')}
      </Button>
      {err('sections') && (
        <Typography variant="caption" color="error" component="div">
          {err('sections')}
        </Typography>
      )}
    </Box>
  );
}
