import { type Actor, CLIENT_EVENTS, TICKET_ROOMS } from '@chatflow/contract';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../db/client';
import { sessionOfRefreshCookie } from '../auth/refresh-cookie';
import { loadSessionUser } from '../auth/sessions';
import { actorOf } from '../http/context';
import type { TokenService } from '../http/tokens';
import { rooms, visibilityRooms } from './emit';
import { chatBoxesOf, ticketViewerPresence } from './ticket-viewers';

export type ChatBoxAuthorizer = (socket: Socket, ticketUuid: string) => Promise<boolean>;

export interface RealtimeHooks {
  /** The queue ids of a user, for the visibility rooms. */
  queueIdsOf(userId: number): Promise<number[]>;
  /** Called on every presence beat and on connect; the users feature marks the user online. */
  onPresence(companyId: number, userId: number): Promise<void>;
  /** Called when the user's last socket goes away. */
  onAllSocketsGone(companyId: number, userId: number): Promise<void>;
}

/**
 * Socket.IO on namespaces `/{companyId}`. The handshake carries the access token (auth.token or
 * query.token); a token of company A is refused on `/B`, and a revoked session is refused.
 */
export function createSocketServer(
  httpServer: HttpServer,
  deps: {
    db: Db;
    tokens: TokenService;
    log: FastifyBaseLogger;
    hooks: RealtimeHooks;
    /** Who may join a ticket's chat box (the composition root passes the tickets feature's rule); nobody when empty. */
    chatBoxAuthorizers: readonly ChatBoxAuthorizer[];
    /** Browser origins that may connect (config.allowedOrigins); clients that send no Origin are not browsers. */
    allowedOrigins: readonly string[];
  },
) {
  const allowed = new Set(deps.allowedOrigins);
  const io = new Server(httpServer, {
    cors: { origin: [...allowed], credentials: true },
    // CORS does not cover websockets: a page of another origin is refused at the handshake itself.
    allowRequest: (req, callback) => {
      const granted = originAllowed(allowed, req.headers.origin, req.headers.host);
      if (!granted) deps.log.warn({ origin: req.headers.origin, host: req.headers.host }, 'socket refused: origin not allowed');
      callback(null, granted);
    },
    serveClient: false,
  });
  const companies = io.of(/^\/\d+$/);

  const accessClaims = async (token: string) => {
    const verified = await deps.tokens.verifyAccess(token);
    return verified.ok ? verified.claims : null;
  };
  // A client that sends no token may ride the refresh cookie's session, but only from an allowed browser
  // origin: a request without Origin is not a browser's, and the cookie is a browser's credential.
  const cookieClaims = async (socket: Socket) => {
    const origin = socket.handshake.headers.origin;
    if (!origin || !originAllowed(allowed, origin, socket.handshake.headers.host)) return null;
    const session = await sessionOfRefreshCookie(deps.db, deps.tokens, socket.handshake.headers.cookie).catch(() => null);
    return session && { ...session, companyId: undefined };
  };

  companies.use(async (socket, next) => {
    const raw = socket.handshake.auth?.token ?? socket.handshake.query?.token;
    const token = typeof raw === 'string' ? raw.replace(/^Bearer /, '') : null;
    const claims = token ? await accessClaims(token) : await cookieClaims(socket);
    if (!claims) return next(new Error('ERR_SESSION_EXPIRED'));
    const { userId, sessionId } = claims;
    const user = await loadSessionUser(deps.db, sessionId, userId).catch(() => null);
    if (!user) return next(new Error('ERR_SESSION_EXPIRED'));
    const companyId = claims.companyId ?? user.companyId;
    if (socket.nsp.name !== `/${companyId}`) return next(new Error('ERR_NO_PERMISSION'));
    if (user.companyId !== companyId) return next(new Error('ERR_SESSION_EXPIRED'));
    socket.data.actor = actorOf(user);
    socket.data.sessionId = sessionId;
    // Shown to the other agents viewing the same ticket (collision warning).
    socket.data.userName = user.name;
    next();
  });

  const viewers = ticketViewerPresence({ onError: (err) => deps.log.error({ err }, 'ticket viewers') });

  companies.on('connection', (socket) => {
    // The first HTTP request of the connection (its socket, parser and raw headers) is kept by Socket.IO
    // for the connection's life. The handshake has copied what is read of it (headers, query), so it is
    // dropped, as Socket.IO's memory guide advises: thousands of agents' sockets are kilobytes each.
    // The cost: another namespace opened later on the same connection gets no headers (the web app opens one).
    (socket.conn as { request: unknown }).request = null;
    const actor = socket.data.actor as ReturnType<typeof actorOf>;
    socket.join([rooms.user(actor.id), rooms.session(socket.data.sessionId)]);
    void joinVisibilityRooms(socket, actor, deps.hooks).catch((err) => deps.log.error({ err }, 'rooms'));
    const presence = () => deps.hooks.onPresence(actor.companyId, actor.id).catch((err) => deps.log.error({ err }, 'presence'));
    void presence();

    socket.on(CLIENT_EVENTS.userStatus, presence);
    socket.on(CLIENT_EVENTS.joinNotification, () => socket.join(rooms.notification));
    socket.on(CLIENT_EVENTS.joinTickets, (status: unknown) => {
      // Ticket events are filtered per user when sent; the room only says which lists the socket shows.
      if ((TICKET_ROOMS as readonly unknown[]).includes(status)) socket.join(rooms.tickets(status as string));
    });
    socket.on(CLIENT_EVENTS.leaveTickets, (status: unknown) => {
      if (typeof status === 'string') socket.leave(rooms.tickets(status));
    });
    // An optional acknowledgement answers whether the socket joined (the web app sends none; tests wait on it,
    // since the authorizations of several joins run concurrently and may finish in any order).
    socket.on(CLIENT_EVENTS.joinChatBox, async (uuid: unknown, ack?: unknown) => {
      const answer = (joined: boolean) => (typeof ack === 'function' ? ack(joined) : undefined);
      if (typeof uuid !== 'string' || uuid.length > 64) return answer(false);
      for (const authorize of deps.chatBoxAuthorizers) {
        if (await authorize(socket, uuid).catch(() => false)) {
          socket.join(rooms.chatBox(uuid));
          void viewers.joined(socket, uuid);
          return answer(true);
        }
      }
      answer(false);
    });
    socket.on(CLIENT_EVENTS.leaveChatBox, (uuid: unknown) => {
      if (typeof uuid === 'string') void viewers.left(socket, uuid);
    });
    socket.on(CLIENT_EVENTS.typing, (uuid: unknown, typing: unknown) => {
      if (typeof uuid === 'string') void viewers.typing(socket, uuid, typing === true);
    });
    // The rooms are gone by 'disconnect'; the tickets viewed are read just before.
    let viewed: string[] = [];
    socket.on('disconnecting', () => {
      viewed = chatBoxesOf(socket);
    });
    socket.on('disconnect', async () => {
      void viewers.disconnected(socket, viewed);
      const remaining = await socket.nsp
        .in(rooms.user(actor.id))
        .fetchSockets()
        .catch(() => [1]);
      if (remaining.length === 0) {
        await deps.hooks.onAllSocketsGone(actor.companyId, actor.id).catch((err) => deps.log.error({ err }, 'presence'));
      }
    });
  });

  return io;
}

/**
 * A browser's socket is accepted from the allowed origins (PUBLIC_URL's, CORS_ORIGINS) and from the app's own
 * page under whatever name it was opened (127.0.0.1, an IP, a second domain): its Origin names the host the
 * request was sent to. A request with no Origin is not a browser's. Any other page is refused.
 */
export function originAllowed(allowed: ReadonlySet<string>, origin: string | undefined, host: string | undefined) {
  if (!origin || allowed.has(origin)) return true;
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** The rooms that decide which ticket events reach this socket (see ticketAudience). */
export async function joinVisibilityRooms(socket: Socket, actor: Actor, hooks: Pick<RealtimeHooks, 'queueIdsOf'>) {
  socket.join(visibilityRooms(actor, await hooks.queueIdsOf(actor.id)));
}
