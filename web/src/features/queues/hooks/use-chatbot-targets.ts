import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useFileListChoices } from '../../file-lists';
import { useQueues } from './use-queues';

export interface TargetChoice {
  id: number;
  name: string;
}

/** The company's queue integrations (GET /queueIntegration); a plan without integrations answers 403 and offers none. */
export function useIntegrationChoices() {
  return useQuery({
    queryKey: ['queues', 'integrations'],
    queryFn: () => api.get<{ queueIntegrations: { id: number; name: string }[] }>('/queueIntegration'),
    retry: false,
  });
}

/**
 * What an option can point at from a list: the company's queues, integrations and file lists. An
 * attendant is searched instead (AttendantPicker): a company may have hundreds of users.
 */
export function useChatbotTargets() {
  const queues = useQueues();
  const integrations = useIntegrationChoices();
  const files = useFileListChoices();
  const pick = (list: { id: number; name: string }[] | undefined): TargetChoice[] => (list ?? []).map(({ id, name }) => ({ id, name }));
  return { queue: pick(queues.data), integration: pick(integrations.data?.queueIntegrations), file: pick(files.data) };
}
export type ChatbotTargets = ReturnType<typeof useChatbotTargets>;
