import { z } from 'zod';
import { coercedId, dbId, IdParam } from './fields';

/**
 * Phrase-triggered flow campaigns (spec 3 "Phrase-triggered flow campaigns", §3 Flow campaign, §5, §7).
 * Name, flow and phrase must be present; a missing connection is allowed (the campaign then listens on
 * every connection). Creation sends no status (a new campaign is active); the edit dialog toggles it.
 */
const required = (max: number) =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .max(max, { message: 'validation.tooLong' });

/** An empty selection ('' or null) means "any connection". */
const optionalConnection = z.preprocess((v) => (v === '' || v === undefined ? null : v), dbId().nullable());

export const FlowCampaignInput = z.object({
  name: required(100),
  flowId: z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId('validation.invalid', 'validation.required')),
  whatsappId: optionalConnection,
  phrase: required(500),
});
export type FlowCampaignInput = z.input<typeof FlowCampaignInput>;

/** PUT /flowcampaign: the id travels in the body (spec 3 §7). */
export const FlowCampaignUpdateInput = FlowCampaignInput.extend({
  id: dbId(),
  status: z.boolean().optional(),
});
export type FlowCampaignUpdateInput = z.input<typeof FlowCampaignUpdateInput>;

export const FlowCampaignIdParam = IdParam;
export const FlowCampaignListQuery = z.object({ companyId: coercedId().optional() });

export const FlowCampaignView = z.object({
  id: z.number(),
  name: z.string(),
  flowId: z.number(),
  whatsappId: z.number().nullable(),
  phrase: z.string(),
  status: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FlowCampaignView = z.infer<typeof FlowCampaignView>;

/** GET /flowcampaign answers the list under `flow` (the peers' key). */
export const FlowCampaignList = z.object({ flow: z.array(FlowCampaignView) });
export type FlowCampaignList = z.infer<typeof FlowCampaignList>;
