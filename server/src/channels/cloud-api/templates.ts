import { z } from 'zod';
import { GraphClient } from '../graph/client';

/**
 * A WhatsApp Business Account's message templates as Graph lists them
 * (GET /{waba-id}/message_templates: `data` and cursor `paging`, `paging.next` only while a page
 * follows). Unknown fields and component types pass through, so a new Meta field does not fail the sync.
 */
const GraphButton = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  url: z.string().optional(),
  phone_number: z.string().optional(),
});

const GraphComponent = z.looseObject({
  type: z.string(),
  format: z.string().optional(),
  text: z.string().optional(),
  buttons: z.array(GraphButton).optional(),
});

export const GraphTemplate = z.looseObject({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string().optional(),
  parameter_format: z.string().optional(),
  components: z.array(GraphComponent).optional(),
});
export type GraphTemplate = z.infer<typeof GraphTemplate>;

const Page = z.looseObject({
  data: z.array(z.unknown()),
  paging: z.looseObject({ cursors: z.looseObject({ after: z.string().optional() }).optional(), next: z.string().optional() }).optional(),
});

const FIELDS = 'id,name,language,status,category,parameter_format,components';
/** Bounds a sync: 100 templates a page (Meta's page size cap), at most 50 pages. */
const PAGE_SIZE = '100';
const MAX_PAGES = 50;

/** Every template of the business account, page after page (`after` cursor) until no `next`. */
export async function listWabaTemplates(graphApiUrl: string, wabaId: string, token: string): Promise<GraphTemplate[]> {
  const graph = new GraphClient(graphApiUrl, token);
  const templates: GraphTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = Page.parse(
      await graph.get<unknown>(`${wabaId}/message_templates`, { fields: FIELDS, limit: PAGE_SIZE, ...(after ? { after } : {}) }),
    );
    for (const raw of answer.data) {
      const parsed = GraphTemplate.safeParse(raw);
      if (parsed.success) templates.push(parsed.data);
    }
    after = answer.paging?.cursors?.after;
    if (!answer.paging?.next || !after) break;
  }
  return templates;
}

/** A `message_template_status_update` webhook change's value, as Meta documents it. */
export const TemplateStatusUpdate = z.looseObject({
  event: z.string(),
  message_template_id: z.union([z.number(), z.string()]).transform(String),
  message_template_name: z.string().optional(),
  message_template_language: z.string().optional(),
  reason: z.string().nullable().optional(),
});
export type TemplateStatusUpdate = z.infer<typeof TemplateStatusUpdate>;
