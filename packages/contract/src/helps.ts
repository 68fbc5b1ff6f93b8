import { z } from 'zod';
import { boundedString } from './fields';

/** Help video: `video` is the video code of the embedded player (e.g. a YouTube id). */
export const HelpInput = z.object({
  title: boundedString(2, 100),
  description: z.string().max(2000, { message: 'validation.tooLong' }).optional().default(''),
  video: z.string().trim().max(200, { message: 'validation.tooLong' }).optional().default(''),
});
export type HelpInput = z.input<typeof HelpInput>;

/** Accepts a bare code or a full YouTube URL and returns the code. */
export function videoCode(video: string): string {
  const m = video.match(/(?:youtu\.be\/|v=|embed\/|shorts\/)([\w-]{6,})/);
  return m ? m[1] : video.trim();
}
