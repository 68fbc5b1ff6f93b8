import { type HelpInput, videoCode } from '@chatflow/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { helps } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import type { HelpRow } from './presenter';

/**
 * Help videos are platform-wide (spec 3 "Help videos"): every company reads the same list, only the
 * super user edits it. The video is stored as its bare code, whether the form got a code or a link.
 */
type HelpFields = z.output<typeof HelpInput>;
const toRow = (input: HelpFields) => ({ ...input, video: videoCode(input.video) });

export function listHelps(db: DbOrTx): Promise<HelpRow[]> {
  return db.select().from(helps).orderBy(asc(helps.title), asc(helps.id));
}

export async function findHelp(db: DbOrTx, id: number): Promise<HelpRow> {
  const [help] = await db.select().from(helps).where(eq(helps.id, id));
  if (!help) throw notFound();
  return help;
}

export async function createHelp(ctx: RequestContext, input: HelpFields): Promise<HelpRow> {
  const [help] = await ctx.db.insert(helps).values(toRow(input)).returning();
  return help;
}

export async function updateHelp(ctx: RequestContext, id: number, input: HelpFields): Promise<HelpRow> {
  const [help] = await ctx.db.update(helps).set(toRow(input)).where(eq(helps.id, id)).returning();
  if (!help) throw notFound();
  return help;
}

export async function deleteHelp(ctx: RequestContext, id: number): Promise<void> {
  const removed = await ctx.db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
  if (removed.length === 0) throw notFound();
}
