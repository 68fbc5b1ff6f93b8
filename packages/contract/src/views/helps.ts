import { z } from 'zod';

export const HelpView = z.object({ id: z.number(), title: z.string(), description: z.string(), video: z.string() });
export type HelpView = z.infer<typeof HelpView>;
