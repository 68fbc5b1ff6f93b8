import { DEFAULT_TIME_ZONE } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, connections, contacts, queues, type TicketRow, users } from '../../db/schema';

/** What the message variables of spec 1 §3 read. */
export interface MessageVariableSource {
  contactName: string;
  userName: string;
  ticketId: number;
  queueName: string;
  connectionName: string;
  timeZone?: string;
  now?: Date;
}

/** Wall-clock parts of `now` in a time zone (the company's; São Paulo unless configured). */
function clock(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { yyyy: get('year'), MM: get('month'), dd: get('day'), HH: get('hour'), mm: get('minute'), ss: get('second') };
}

/** Morning from 05:00, afternoon from 12:00, evening from 18:00 until the next morning. */
export function greetingFor(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/**
 * Replaces {{firstName}}, {{name}}, {{userName}}, {{ms}}, {{protocol}}, {{date}}, {{hour}},
 * {{ticket_id}}, {{queue}} and {{connection}} (spaces inside the braces allowed). Unknown names
 * are left as typed, so a text that merely contains braces is sent unchanged.
 */
export function applyMessageVariables(text: string, source: MessageVariableSource): string {
  if (!text.includes('{{')) return text;
  const c = clock(source.now ?? new Date(), source.timeZone ?? DEFAULT_TIME_ZONE);
  const name = source.contactName.trim();
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    userName: source.userName,
    ms: greetingFor(Number(c.HH)),
    protocol: `${c.yyyy}${c.MM}${c.dd}${c.HH}${c.mm}${c.ss}${source.ticketId}`,
    date: `${c.dd}/${c.MM}/${c.yyyy}`,
    hour: `${c.HH}:${c.mm}`,
    ticket_id: String(source.ticketId),
    queue: source.queueName,
    connection: source.connectionName,
  };
  return text.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (match, key: string) => (Object.hasOwn(values, key) ? values[key] : match));
}

/** Reads what the variables of a ticket need (contact, queue, connection, company time zone). */
async function variableSourceFor(db: DbOrTx, ticket: TicketRow, userName: string): Promise<MessageVariableSource> {
  const [row] = await db
    .select({
      contactName: contacts.name,
      queueName: queues.name,
      connectionName: connections.name,
      timeZone: companies.timeZone,
    })
    .from(contacts)
    .innerJoin(companies, eq(companies.id, ticket.companyId))
    .leftJoin(queues, eq(queues.id, ticket.queueId ?? -1))
    .leftJoin(connections, eq(connections.id, ticket.connectionId ?? -1))
    .where(eq(contacts.id, ticket.contactId));
  return {
    contactName: row?.contactName ?? '',
    userName,
    ticketId: ticket.id,
    queueName: row?.queueName ?? '',
    connectionName: row?.connectionName ?? '',
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** The name an agent signs with; a job knows only the user's id. */
export async function userNameOf(db: DbOrTx, userId: number | null): Promise<string> {
  if (!userId) return '';
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/**
 * `text` with the ticket's variables filled in. Most texts name none: they skip the read of what the
 * variables need (a four-table join, once per message sent).
 */
export async function fillMessageVariables(db: DbOrTx, ticket: TicketRow, userName: string, text: string): Promise<string> {
  if (!text.includes('{{')) return text;
  return applyMessageVariables(text, await variableSourceFor(db, ticket, userName));
}
