/**
 * Embedded Signup's session info: when the person finishes (or leaves) the flow, Meta's window posts a
 * message to this page, `{ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH' | 'CANCEL' | 'ERROR', data }`,
 * FINISH carrying `phone_number_id` and `waba_id`. Only messages from Meta's own origins count.
 */
export type SessionInfo =
  | { event: 'FINISH'; phoneNumberId: string; wabaId: string }
  | { event: 'CANCEL'; step: string }
  | { event: 'ERROR'; message: string };

const META_ORIGINS = new Set(['https://www.facebook.com', 'https://web.facebook.com']);

export function readSessionInfo(event: MessageEvent): SessionInfo | null {
  if (!META_ORIGINS.has(event.origin)) return null;
  let data: { type?: string; event?: string; data?: Record<string, unknown> };
  try {
    data = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
  } catch {
    return null;
  }
  if (data?.type !== 'WA_EMBEDDED_SIGNUP') return null;
  const payload = data.data ?? {};
  // FINISH_ONLY_WABA / FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING name a business account without a Cloud API number.
  if (data.event === 'FINISH' && payload.phone_number_id && payload.waba_id)
    return { event: 'FINISH', phoneNumberId: String(payload.phone_number_id), wabaId: String(payload.waba_id) };
  if (data.event === 'CANCEL') return { event: 'CANCEL', step: String(payload.current_step ?? '') };
  return { event: 'ERROR', message: String(payload.error_message ?? data.event ?? '') };
}
