import { FreshRecord } from '../../components/FreshRecord';
import type { PromptView } from '@chatflow/contract';
import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useConfirmedDelete } from '../../components/use-confirmed-delete';
import { useErrorToast } from '../../components/use-error-toast';
import { PromptsTable } from './components/PromptsTable';
import { useDeletePrompt, usePrompts } from './hooks/use-prompts';
import { usePromptsRealtime } from './hooks/use-prompts-realtime';
import PromptModal from './PromptModal';

/** /prompts (spec 3 "AI prompts"): the list, add, edit, delete with confirmation, live updates. Admins of an OpenAI plan (router). */
export default function PromptsPage() {
  const { t } = useTranslation();
  const query = usePrompts();
  const [editing, setEditing] = useState<PromptView | null | undefined>(undefined); // undefined: closed; null: new
  const remove = useDeletePrompt();
  // Spec 3 §7: the server's answer to the delete is shown, as information.
  const deleting = useConfirmedDelete<PromptView>(
    (row) => remove.mutateAsync(row.id),
    (answer) => (answer as { message?: string } | null)?.message || t('prompts.deleted'),
    'info',
  );
  usePromptsRealtime();
  useErrorToast(query);

  return (
    <Stack spacing={2} sx={{ height: '100%' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('prompts.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="add-prompt">
          {t('prompts.add')}
        </Button>
      </Stack>
      <PromptsTable records={query.data ?? []} loading={query.isLoading} onEdit={setEditing} onDelete={deleting.ask} />
      {editing !== undefined && (
        <FreshRecord key={editing?.id ?? 'new'} path="/prompt" row={editing} onClose={() => setEditing(undefined)}>
          {(fresh) => <PromptModal record={fresh} onClose={() => setEditing(undefined)} />}
        </FreshRecord>
      )}
      <ConfirmationDialog
        open={deleting.open}
        title={t('prompts.deleteTitle', { name: deleting.target?.name ?? '' })}
        onConfirm={deleting.confirm}
        onClose={deleting.close}
      >
        {t('prompts.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
