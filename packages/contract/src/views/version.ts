import { z } from 'zod';

/** GET /version: the running build. */
export const VersionView = z.object({ version: z.string() });
