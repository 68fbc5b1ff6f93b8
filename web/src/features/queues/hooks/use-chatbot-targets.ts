import { useUserList } from '../../../lib/lookups';
import { useFileListChoices } from '../../file-lists';
import { useQueues } from './use-queues';

export interface TargetChoice {
  id: number;
  name: string;
}

/** What an option can point at: the company's attendants, queues and file lists. */
export function useChatbotTargets() {
  const users = useUserList();
  const queues = useQueues();
  const files = useFileListChoices();
  const pick = (list: { id: number; name: string }[] | undefined): TargetChoice[] => (list ?? []).map(({ id, name }) => ({ id, name }));
  return { attendent: pick(users.data), queue: pick(queues.data), file: pick(files.data) };
}
export type ChatbotTargets = ReturnType<typeof useChatbotTargets>;
