import type { WACallEvent } from 'baileys';
import type { BaileysSocket } from './socket';

/** A company's call settings: refuse calls (acceptCallWhatsapp disabled) and what to answer. */
export type CallPolicy = { reject: boolean; message: string };

/** Offered one-to-one calls are refused, each answered with the policy's message, when the company refuses calls. */
export async function refuseCalls(
  calls: WACallEvent[],
  policy: () => Promise<CallPolicy>,
  socket: () => BaileysSocket | null,
): Promise<void> {
  const offers = calls.filter((c) => c.status === 'offer' && !c.isGroup);
  if (offers.length === 0) return;
  const { reject, message } = await policy();
  if (!reject) return;
  for (const call of offers) {
    const sock = socket();
    if (!sock) return;
    await sock.rejectCall(call.id, call.from);
    if (message) await sock.sendMessage(call.callerPn ?? call.from, { text: message });
  }
}
