import type { ConnectionView, SimulatorConversation, SimulatorInboundInput, SimulatorInboundResult } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const simulatorKeys = {
  connection: (id: number) => ['simulator', 'connection', id] as const,
  conversation: (id: number, number: string) => ['simulator', 'conversation', id, number] as const,
};

/** The customer's number as the server accepts it (8 to 20 digits). */
export const isCustomerNumber = (number: string) => /^\d{8,20}$/.test(number);

/** Replies are polled every second: this is the customer's view, and the customer is not a signed-in agent. */
export const POLL_MS = 1000;

export function useSimulatorConnection(connectionId: number) {
  return useQuery({
    queryKey: simulatorKeys.connection(connectionId),
    queryFn: () => api.get<ConnectionView>(`/whatsapp/${connectionId}`),
    enabled: connectionId > 0,
  });
}

/** GET /simulator/{id}/messages?number=: what the customer sent and received, refreshed every second. */
export function useCustomerConversation(connectionId: number, number: string) {
  return useQuery({
    queryKey: simulatorKeys.conversation(connectionId, number),
    queryFn: () => api.get<SimulatorConversation>(`/simulator/${connectionId}/messages`, { number }),
    enabled: connectionId > 0 && isCustomerNumber(number),
    refetchInterval: POLL_MS,
  });
}

export function useSendAsCustomer(connectionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulatorInboundInput) => api.post<SimulatorInboundResult>(`/simulator/${connectionId}/messages`, body),
    onSuccess: (_, body) => qc.invalidateQueries({ queryKey: simulatorKeys.conversation(connectionId, body.from) }),
  });
}
