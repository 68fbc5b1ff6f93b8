import type { MessageView, TicketView } from '@chatflow/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';

export interface TextDraft {
  body: string;
  quotedMsgId?: number | null;
  isPrivate: boolean;
  signMessage: boolean;
}

export interface MediaDraft {
  files: { file: File; caption: string }[];
  isPrivate: boolean;
  signMessage: boolean;
}

/** Empty text after trimming is never sent (spec 1 §5). */
export const isSendable = (text: string) => text.trim().length > 0;

/** The multipart form of POST /messages/:ticketId: each file with its own caption, in order. */
export function mediaForm({ files, isPrivate, signMessage }: MediaDraft): FormData {
  const form = new FormData();
  form.append('fromMe', 'true');
  form.append('isPrivate', String(isPrivate));
  form.append('signMessage', String(signMessage));
  for (const { file, caption } of files) {
    form.append('body', caption);
    form.append('medias', file, file.name);
  }
  return form;
}

/**
 * Every way the input sends: text (optionally quoting), files with captions, a contact card, and
 * the interactive kinds. The new message arrives through the realtime create event.
 */
export function useSend(ticket: TicketView) {
  const path = `/messages/${ticket.id}`;
  const text = useMutation({
    mutationFn: (d: TextDraft) =>
      api.post<MessageView>(path, {
        body: d.body,
        fromMe: true,
        read: true,
        isPrivate: d.isPrivate,
        signMessage: d.signMessage,
        quotedMsg: d.quotedMsgId ? { id: d.quotedMsgId } : null,
      }),
    onError: toastError,
  });
  const media = useMutation({
    mutationFn: (d: MediaDraft) => api.post<{ messages: MessageView[] }>(path, mediaForm(d)),
    onError: toastError,
  });
  const vCard = useMutation({
    mutationFn: (c: { name: string; number: string }) => api.post<MessageView>(path, { body: '', fromMe: true, vCard: c }),
    onError: toastError,
  });
  const interactive = useMutation({
    mutationFn: ({ kind, payload }: { kind: InteractiveKind; payload: Record<string, unknown> }) =>
      api.post<MessageView>(`/messages/${INTERACTIVE_PATHS[kind]}/${ticket.id}`, payload),
  });
  return { text, media, vCard, interactive };
}

export type InteractiveKind = 'list' | 'url' | 'copy' | 'call' | 'pix';
const INTERACTIVE_PATHS: Record<InteractiveKind, string> = { list: 'lista', url: 'URL', copy: 'copy', call: 'call', pix: 'PIX' };
