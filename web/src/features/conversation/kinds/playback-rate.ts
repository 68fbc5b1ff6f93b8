/** Audio playback speeds, cycled by one button and remembered in this browser (spec 1 §2.6, §9). */
export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const;
const KEY = 'audioPlaybackRate';

export function storedRate(): number {
  const value = Number(localStorage.getItem(KEY));
  return (PLAYBACK_RATES as readonly number[]).includes(value) ? value : 1;
}

export function nextRate(current: number): number {
  const i = (PLAYBACK_RATES as readonly number[]).indexOf(current);
  const next = PLAYBACK_RATES[(i + 1) % PLAYBACK_RATES.length];
  localStorage.setItem(KEY, String(next));
  return next;
}
