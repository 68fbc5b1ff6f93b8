import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { TemplateStatusUpdate } from '../../channels/cloud-api/templates';
import type { Db } from '../../db/client';
import { connections, messageTemplates } from '../../db/schema';

/**
 * A `message_template_status_update` change of a verified webhook delivery: the entry's id is the
 * business account (WABA), the value names the template and its new status (APPROVED, REJECTED,
 * PAUSED, DISABLED, ...) with Meta's reason. Every connection of that account gets the new status;
 * a template not synced yet is left for the next sync. Answers how many stored templates changed.
 */
export async function applyTemplateStatus(db: Db, log: FastifyBaseLogger, wabaId: string, value: unknown): Promise<number> {
  const parsed = TemplateStatusUpdate.safeParse(value);
  if (!parsed.success) {
    log.warn({ issues: parsed.error.issues.slice(0, 5) }, 'meta webhook: malformed template status update skipped');
    return 0;
  }
  const update = parsed.data;
  const reason = update.reason && update.reason !== 'NONE' ? update.reason : '';
  const ofAccount = db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.channel, 'whatsappapi'), eq(connections.wabaId, wabaId)));
  const changed = await db
    .update(messageTemplates)
    .set({ status: update.event.toUpperCase(), reason })
    .where(and(eq(messageTemplates.metaId, update.message_template_id), inArray(messageTemplates.connectionId, ofAccount)))
    .returning({ id: messageTemplates.id });
  if (changed.length === 0) log.info({ wabaId, templateId: update.message_template_id }, 'meta webhook: status of a template not synced');
  return changed.length;
}
