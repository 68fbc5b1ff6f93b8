import type { CampaignSettingsValues } from '@chatflow/contract';

type Pacing = Pick<CampaignSettingsValues, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>;

/** Seconds to wait after sending the row at `position` (1-based): the greater interval after every Nth message. */
export function delayAfter(p: Pacing, position: number): number {
  if (p.longerIntervalAfter > 0 && p.greaterInterval > 0 && position % p.longerIntervalAfter === 0) return p.greaterInterval;
  return p.messageInterval;
}

/** With every interval at zero nothing needs spacing: a dispatch step sends a batch at once. */
export const sendsInBatches = (p: Pacing) => p.messageInterval === 0 && (p.longerIntervalAfter === 0 || p.greaterInterval === 0);
