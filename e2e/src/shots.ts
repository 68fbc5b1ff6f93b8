import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a scenario leaves its screenshots for people to judge: `$SHOTS_DIR/<name>`. Unset (as on CI), the
 * scenarios take none: a picture at two sizes costs a relayout and a software-rendered frame each.
 */
export function shotsDir(name: string): string | null {
  const root = process.env.SHOTS_DIR;
  if (!root) return null;
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}
