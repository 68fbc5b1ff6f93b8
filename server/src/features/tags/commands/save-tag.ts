import { randomTagColor, type TagData, type TagView, type TagUpdateInput } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { tags } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceTagDeleted, announceTags } from '../events';
import { findCompanyTag, tagView } from '../queries';
import { assertLaneLinks, assertLanesInPlan } from '../rules';

type TagChanges = z.output<typeof TagUpdateInput>;

/** POST /tags: a tag of the caller's company; without a colour it gets a random one (spec 3 §5). */
export async function createTag(ctx: RequestContext, input: TagData): Promise<TagView> {
  return ctx.transaction(async (tx) => {
    await assertLanesInPlan(tx, ctx.companyId, input.kanban === 1);
    await assertLaneLinks(tx, ctx.companyId, null, input);
    const [row] = await tx
      .insert(tags)
      .values({
        companyId: ctx.companyId,
        name: input.name,
        color: input.color ?? randomTagColor(),
        kanban: input.kanban,
        userId: ctx.actor.id,
        timeLane: input.timeLane,
        nextLaneId: input.nextLaneId,
        rollbackLaneId: input.rollbackLaneId,
        greetingMessageLane: input.greetingMessageLane,
      })
      .returning();
    await announceTags(tx, ctx.realtime, ctx.companyId, [row.id], 'create');
    return tagView(tx, ctx.companyId, row.id);
  });
}

/** PUT /tags/:id: the fields sent change (a lane's links checked as they will be). */
export async function updateTag(ctx: RequestContext, id: number, changes: TagChanges): Promise<TagView> {
  return ctx.transaction(async (tx) => {
    const before = await findCompanyTag(tx, ctx.companyId, id);
    const { userId: _ignored, ...fields } = changes;
    await assertLanesInPlan(tx, ctx.companyId, before.kanban === 1 || fields.kanban === 1);
    await assertLaneLinks(tx, ctx.companyId, id, { ...before, ...fields });
    if (Object.keys(fields).length)
      await tx
        .update(tags)
        .set(fields)
        .where(and(eq(tags.id, id), eq(tags.companyId, ctx.companyId)));
    await announceTags(tx, ctx.realtime, ctx.companyId, [id], 'update');
    return tagView(tx, ctx.companyId, id);
  });
}

/** DELETE /tags/:id: the tag leaves every contact and ticket it was on (cascades). */
export async function deleteTag(ctx: RequestContext, id: number): Promise<void> {
  await ctx.transaction(async (tx) => {
    const tag = await findCompanyTag(tx, ctx.companyId, id);
    await assertLanesInPlan(tx, ctx.companyId, tag.kanban === 1);
    await tx.delete(tags).where(and(eq(tags.id, id), eq(tags.companyId, ctx.companyId)));
    announceTagDeleted(tx, ctx.realtime, ctx.companyId, id);
  });
}
