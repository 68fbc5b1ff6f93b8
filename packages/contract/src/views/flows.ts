import { z } from 'zod';
import { FlowDocumentSchema } from '../flows';

/** A row of the flow list (GET /flowbuilder). */
export const FlowSummaryView = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  userId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FlowSummaryView = z.infer<typeof FlowSummaryView>;

export const FlowPage = z.object({ flows: z.array(FlowSummaryView), hasMore: z.boolean() });
export type FlowPage = z.infer<typeof FlowPage>;

/** GET /flowbuilder/flow/{id}: the drawing is null until the first save (spec 3 §7). */
export const FlowDetailView = z.object({
  flow: z.object({ id: z.number(), name: z.string(), active: z.boolean(), flow: FlowDocumentSchema.nullable() }),
});
export type FlowDetailView = z.infer<typeof FlowDetailView>;

/** One stored upload: `name` is the public url the node keeps, `original` the sender's file name. */
export const FlowUploadedFileView = z.object({
  name: z.string(),
  original: z.string(),
  mediaType: z.enum(['img', 'audio', 'video']),
});
export type FlowUploadedFileView = z.infer<typeof FlowUploadedFileView>;

/** POST /flowbuilder/content: the files in the order sent. */
export const FlowContentUploadView = z.array(FlowUploadedFileView);
export type FlowContentUploadView = z.infer<typeof FlowContentUploadView>;
