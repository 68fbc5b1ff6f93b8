import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Config } from '../../config';
import type { RequestContext } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { getGlobalSetting } from '../settings';
import { findVisibleTicket } from '../tickets';
import { mediaFilePath } from './media';

/** The key set by the super user in settings wins over the environment's. */
async function transcriptionKey(ctx: RequestContext): Promise<string> {
  const key = (await getGlobalSetting(ctx.db, 'openAiKeyAudio'))?.trim() || ctx.config.openAi.apiKey;
  if (!key) throw new AppError('ERR_TRANSCRIPTION_NOT_CONFIGURED', 400);
  return key;
}

/**
 * GET /messages/transcribeAudio/:file. The name is only a lookup key: the file read is the one an
 * audio message of the caller's company points at, in a ticket the caller may see, so no request
 * can reach another file. The audio goes to an OpenAI-compatible /audio/transcriptions endpoint
 * (OPENAI_BASE_URL); the library is loaded on first use.
 */
export async function transcribeAudio(ctx: RequestContext, file: string): Promise<{ transcribedText: string }> {
  const [message] = await ctx.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, ctx.companyId),
        eq(messages.mediaType, 'audio'),
        eq(sql`right(${messages.mediaUrl}, ${file.length + 1})`, `/${file}`),
      ),
    )
    .limit(1);
  if (!message) throw notFound();
  await findVisibleTicket(ctx, message.ticketId);
  const key = await transcriptionKey(ctx);
  try {
    const text = await transcribeStoredAudio(ctx.config, ctx.companyId, message.mediaUrl, key);
    if (text === null) throw notFound();
    return { transcribedText: text };
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.warn({ err, messageId: message.id }, 'audio transcription failed');
    throw new AppError('ERR_TRANSCRIPTION_FAILED', 502);
  }
}

/**
 * The text of a stored audio file of the company, from an OpenAI-compatible /audio/transcriptions
 * endpoint (OPENAI_BASE_URL) with `apiKey`; null when the file is not there. Also used by the AI
 * assistants, which transcribe a customer's voice message before answering it. Throws when the
 * service refuses or fails.
 */
export async function transcribeStoredAudio(
  config: Config,
  companyId: number,
  mediaUrl: string | null,
  apiKey: string,
): Promise<string | null> {
  const filePath = await mediaFilePath(config, companyId, mediaUrl);
  const audio = filePath ? await readFile(filePath).catch(() => null) : null;
  if (!audio || !filePath) return null;
  const { default: OpenAI, toFile } = await import('openai');
  const client = new OpenAI({ apiKey, baseURL: config.openAi.baseUrl, timeout: 120_000, maxRetries: 1 });
  const result = await client.audio.transcriptions.create({
    file: await toFile(audio, path.basename(filePath)),
    model: config.openAi.transcriptionModel,
  });
  return result.text ?? '';
}
