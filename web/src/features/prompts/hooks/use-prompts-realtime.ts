import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { removePrompt, upsertPrompt } from './use-prompts';

/** company-{id}-prompt edits the cached list in place. */
export function usePromptsRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('prompt', (e) => {
    if (e.action === 'delete') removePrompt(qc, e.promptId);
    else upsertPrompt(qc, e.prompt);
  });
}
