import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type CampaignRow, companies } from '../../db/schema';
import { nextSendingTime } from './dispatch/sending-window';
import { readCampaignSettings } from './settings';

/**
 * When each running campaign of one company may send next, for those waiting for their sending hours
 * (weekends included) at `now`: what the list shows as "Aguardando horário de envio até …". The same
 * rule the dispatch step applies (nextSendingTime), with the company's settings as saved now.
 */
export async function waitingForHours(db: DbOrTx, companyId: number, rows: CampaignRow[], now: Date): Promise<Map<number, Date>> {
  const running = rows.filter((c) => c.status === 'EM_ANDAMENTO');
  const waiting = new Map<number, Date>();
  if (running.length === 0) return waiting;
  const [settings, [company]] = await Promise.all([
    readCampaignSettings(db, companyId),
    db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)),
  ]);
  const openAt = nextSendingTime(now, settings, company?.timeZone ?? 'America/Sao_Paulo');
  if (openAt.getTime() <= now.getTime()) return waiting;
  for (const c of running) waiting.set(c.id, openAt);
  return waiting;
}
