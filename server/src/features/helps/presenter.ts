import type { HelpView } from '@chatflow/contract';
import type { helps } from '../../db/schema';

export type HelpRow = typeof helps.$inferSelect;

/** Whitelist of a help item: the video as its bare code, which the web app embeds. */
export function presentHelp(h: HelpRow): HelpView {
  return { id: h.id, title: h.title, description: h.description, video: h.video };
}
