import i18n from '../../../i18n';
import { ApiError, api } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';

/** The stored file name the transcription call takes: the last segment of a /public/... media URL. */
export function audioFileOf(mediaUrl: string | null): string | null {
  if (!mediaUrl) return null;
  const path = mediaUrl.split(/[?#]/)[0];
  const file = path.slice(path.lastIndexOf('/') + 1);
  return /^[\w.-]+\.[A-Za-z0-9]+$/.test(file) ? file : null;
}

/**
 * GET /messages/transcribeAudio/:file. Resolves to the text, or rejects with the spec's words:
 * "Formato de URL de áudio inesperado", "Dados de transcrição inválidos", the server's code
 * translated, or "Erro desconhecido".
 */
export async function transcribeAudio(mediaUrl: string | null): Promise<string> {
  const file = audioFileOf(mediaUrl);
  if (!file) throw new Error(i18n.t('conversation.transcribe.badUrl'));
  let data: unknown;
  try {
    data = await api.get<unknown>(`/messages/transcribeAudio/${encodeURIComponent(file)}`);
  } catch (err) {
    throw new Error(err instanceof ApiError && err.code ? errorMessage(err) : i18n.t('conversation.transcribe.unknown'));
  }
  const text = (data as { transcribedText?: unknown } | null)?.transcribedText;
  if (typeof text !== 'string') throw new Error(i18n.t('conversation.transcribe.invalid'));
  return text;
}
