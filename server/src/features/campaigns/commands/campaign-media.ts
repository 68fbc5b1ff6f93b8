import { type CampaignView, isCampaignEditable } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { campaigns } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { readUpload, requireFile } from '../../../media';
import { classifyFile, downloadLimitBytes, removeMedia, storeMedia } from '../../messages';
import { announceCampaign } from '../events';
import { campaignView, findCampaign } from '../queries';

export interface CampaignUpload {
  fileName: string;
  data: Buffer;
}

/** The form of POST /campaigns/:id/media-upload: one `file`, under the global download limit (413 over it). */
export async function readCampaignUpload(req: FastifyRequest): Promise<CampaignUpload> {
  const limit = await downloadLimitBytes(req.ctx.db);
  const file = requireFile(await readUpload(req, { maxBytes: limit.bytes }));
  return { fileName: file.sentName, data: file.data };
}

/** The name shown for the attachment (and given to the customer's phone): no folders, no control characters. */
const displayName = (name: string) =>
  [...name.replace(/\\/g, '/').split('/').pop()!]
    .filter((ch) => ch.charCodeAt(0) >= 32)
    .join('')
    .trim()
    .slice(0, 200) || 'arquivo';

/**
 * POST /campaigns/:id/media-upload: the attachment every contact receives with the campaign message
 * (campaigns/dispatch/payloads.ts). Only while the campaign may be edited (spec 3 §4); the file's kind
 * comes from its bytes. The previous file is removed after the commit: no message points at it, a
 * campaign's sends read the file and keep no reference to it.
 */
export async function attachCampaignMedia(ctx: RequestContext, id: number, upload: CampaignUpload): Promise<CampaignView> {
  const found = await findCampaign(ctx.db, ctx.companyId, id); // 404 before touching the disk
  if (!isCampaignEditable(found)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 400);
  const type = await classifyFile(upload);
  const mediaPath = await storeMedia(ctx.config, ctx.companyId, upload.data, type.ext);
  try {
    return await ctx.transaction(async (tx) => {
      const before = await findCampaign(tx, ctx.companyId, id);
      if (!isCampaignEditable(before)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 400);
      await tx
        .update(campaigns)
        .set({ mediaPath, mediaName: displayName(upload.fileName), mediaType: type.mediaType })
        .where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId)));
      const previous = before.mediaPath;
      if (previous) tx.afterCommit(() => removeMedia(ctx.config, ctx.companyId, previous));
      tx.afterCommit(() => announceCampaign(ctx.db, ctx.realtime, id));
      return campaignView(tx, ctx.companyId, id);
    });
  } catch (err) {
    await removeMedia(ctx.config, ctx.companyId, mediaPath); // the row never pointed at it
    throw err;
  }
}

/** DELETE /campaigns/:id/media-upload: the campaign keeps its messages and loses its attachment. */
export async function detachCampaignMedia(ctx: RequestContext, id: number): Promise<CampaignView> {
  return ctx.transaction(async (tx) => {
    const before = await findCampaign(tx, ctx.companyId, id);
    if (!isCampaignEditable(before)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 400);
    await tx
      .update(campaigns)
      .set({ mediaPath: null, mediaName: null, mediaType: null })
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId)));
    const previous = before.mediaPath;
    if (previous) tx.afterCommit(() => removeMedia(ctx.config, ctx.companyId, previous));
    tx.afterCommit(() => announceCampaign(ctx.db, ctx.realtime, id));
    return campaignView(tx, ctx.companyId, id);
  });
}
