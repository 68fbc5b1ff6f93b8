/** The idempotency key a message is sent with: a retried send is the same send to the provider. */
export const sendKeyOf = (messageId: number) => `msg-${messageId}`;

/** The message a send key names, or null for a key that is not one of ours. */
export function messageIdOfSendKey(key: string | null | undefined): number | null {
  const m = /^msg-(\d{1,15})$/.exec(key ?? '');
  return m ? Number(m[1]) : null;
}
