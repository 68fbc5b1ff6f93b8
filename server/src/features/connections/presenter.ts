import type { ConnectionStatus, ConnectionView } from '@chatflow/contract';
import type { ConnectionRow } from '../../db/schema';

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/**
 * Whitelist of what leaves the server about a connection. The token authorises the external API and
 * the simulator, so only connection managers get it, and realtime events (seen by the whole company)
 * never carry it.
 */
export function presentConnection(c: ConnectionRow, queues: QueueRef[], opts: { withToken?: boolean } = {}): ConnectionView {
  return {
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    number: c.number,
    channel: c.channel,
    provider: c.provider,
    status: c.status as ConnectionStatus,
    isDefault: c.isDefault,
    qrcode: c.qrcode,
    retries: c.retries,
    greetingMessage: c.greetingMessage,
    complationMessage: c.complationMessage,
    outOfHoursMessage: c.outOfHoursMessage,
    ratingMessage: c.ratingMessage,
    groupAsTicket: c.groupAsTicket,
    allowGroup: c.allowGroup,
    queues: queues.map((q) => ({ id: q.id, name: q.name, color: q.color })),
    updatedAt: c.updatedAt.toISOString(),
    ...(opts.withToken ? { token: c.token } : {}),
  };
}
