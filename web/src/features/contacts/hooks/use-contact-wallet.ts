import type { ContactWalletView } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const walletKey = (contactId: number) => ['contacts', contactId, 'wallets'] as const;

/** GET /contacts/:id/wallets: the agents whose wallet holds the contact (DirectTicketsToWallets), in order. */
export const useContactWallet = (contactId: number | null) =>
  useQuery({
    queryKey: walletKey(contactId ?? 0),
    queryFn: () => api.get<ContactWalletView>(`/contacts/${contactId}/wallets`),
    enabled: contactId !== null,
  });

/** PUT /contacts/:id/wallets (admins): the wallet becomes exactly these agents, in this order. */
export function useSaveContactWallet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, userIds }: { contactId: number; userIds: number[] }) =>
      api.put<ContactWalletView>(`/contacts/${contactId}/wallets`, { userIds }),
    onSuccess: (wallet, { contactId }) => qc.setQueryData(walletKey(contactId), wallet),
  });
}

/** GET /users/list: the company's agents a wallet can name. */
export const useWalletUserOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'list'],
    queryFn: () => api.get<{ id: number; name: string }[]>('/users/list'),
    enabled,
  });
