import path from 'node:path';

const UNSAFE_NAME_CHARS = '<>:"/\\|?*';

/**
 * The sender's file name, for display only (no folders, control or path characters, 200 characters
 * at most). The stored name is always random: a name from the request never becomes a path.
 */
export function displayName(name: string | undefined, fallback: string): string {
  const base = [...path.basename(String(name ?? ''))]
    .filter((ch) => ch.charCodeAt(0) >= 32 && !UNSAFE_NAME_CHARS.includes(ch))
    .join('')
    .trim();
  return base.slice(0, 200) || fallback;
}
