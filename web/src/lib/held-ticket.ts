import { ApiError } from './api';

/** Who holds a ticket the user tried to take or create (spec 1 §4.1 conflict JSON). */
export interface HeldTicket {
  id: number | null;
  uuid: string | null;
  userId: number | null;
  userName: string;
  queueName: string;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;

function fromObject(o: Loose): HeldTicket | null {
  const user = isObject(o.user) ? o.user : null;
  const queue = isObject(o.queue) ? o.queue : null;
  const userId = typeof o.userId === 'number' ? o.userId : typeof user?.id === 'number' ? user.id : null;
  const uuid = typeof o.uuid === 'string' ? o.uuid : null;
  if (userId === null && uuid === null) return null;
  return {
    id: typeof o.id === 'number' ? o.id : null,
    uuid,
    userId,
    userName: String(user?.name ?? o.userName ?? ''),
    queueName: String(queue?.name ?? o.queueName ?? ''),
  };
}

function parseJson(text: unknown): Loose | null {
  if (typeof text !== 'string' || !text.trim().startsWith('{')) return null;
  try {
    const value = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The conflict a 409 carries: the spec's "JSON text" (in `message`, as Whaticket sends it), or the
 * same fields as an object (`ticket`) or at the top of the body. Anything else is not a conflict.
 */
export function heldTicketOf(err: unknown): HeldTicket | null {
  if (!(err instanceof ApiError) || err.status !== 409 || !isObject(err.body)) return null;
  const body = err.body;
  for (const candidate of [parseJson(body.message), isObject(body.ticket) ? body.ticket : null, parseJson(body.error), body]) {
    const held = candidate && fromObject(candidate);
    if (held) return held;
  }
  return null;
}
