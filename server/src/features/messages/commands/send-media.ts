import type { MessageView } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import type { TicketRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { assertWritable, composeText } from '../compose';
import { assertCustomerWindow } from '../customer-window';
import { type ClassifiedFile, downloadLimitBytes, readMediaForm, removeMedia, storeMedia, type UploadedFile } from '../media';
import { presentMessages } from '../presenter';
import { createOutboundMessage } from '../service';
import { prepareUpload } from '../voice-note';

/**
 * POST /messages/:ticketId as multipart: one message per file, each with its own caption. Every
 * file is checked (size, type from its bytes, recording length) before any is stored, so a bad
 * file in the batch sends nothing; browser recordings become Ogg/Opus voice notes (voice-note.ts).
 */
export async function sendMediaMessages(ctx: RequestContext, ticket: TicketRow, req: FastifyRequest): Promise<MessageView[]> {
  assertWritable(ticket);
  const form = await readMediaForm(req, await downloadLimitBytes(ctx.db));
  if (!form.isPrivate) await assertCustomerWindow(ctx.db, ticket);
  const classified: { file: UploadedFile; type: ClassifiedFile }[] = [];
  for (const file of form.files) classified.push(await prepareUpload(file, ctx));

  const stored: string[] = [];
  let rows: Awaited<ReturnType<typeof createOutboundMessage>>[];
  try {
    const items: { mediaUrl: string; mediaType: string; mediaName: string; body: string }[] = [];
    for (const [i, { file, type }] of classified.entries()) {
      const mediaUrl = await storeMedia(ctx.config, ctx.companyId, file.data, type.ext);
      stored.push(mediaUrl);
      const caption = await composeText(ctx.db, ticket, ctx.user, form.body[i] ?? '', {
        isPrivate: form.isPrivate,
        signMessage: form.signMessage,
      });
      items.push({ mediaUrl, mediaType: type.mediaType, mediaName: file.fileName, body: caption });
    }
    rows = await ctx.transaction(async (tx) => {
      const created = [];
      for (const item of items) {
        created.push(await createOutboundMessage(tx, ctx, { ticket, userId: ctx.user.id, isPrivate: form.isPrivate, ...item }));
      }
      return created;
    });
  } catch (err) {
    // Nothing was recorded: the files would be orphans.
    await Promise.all(stored.map((url) => removeMedia(ctx.config, ctx.companyId, url)));
    throw err;
  }
  return presentMessages(ctx.db, ticket, rows);
}
