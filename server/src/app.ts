import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Server } from 'socket.io';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerFeatures } from './features';
import { authenticator } from './http/authenticate';
import { frameworkErrorReply, installErrorHandler } from './http/errors';
import { healthRoutes } from './http/health';
import { installDraining } from './http/draining';
import { installLoginFirst } from './http/login-first';
import { metricsRoutes, NodeMetrics } from './http/metrics';
import { installNulStripping } from './http/nul-characters';
import { documentRoute } from './http/openapi';
import { installRouteTable, type RegisteredRoute } from './http/route-table';
import { installSecurityHeaders } from './http/security-headers';
import { withoutTrailingSlash } from './http/trailing-slash';
import { tokenService } from './http/tokens';
import { serveWeb } from './http/web';
import { mediaStorage } from './media';
import type { ChannelRegistry } from './channels/types';
import type { JobQueue } from './jobs/queue';
import { realtimeAdapterReady } from './realtime/adapter-health';
import { type Realtime, socketRealtime } from './realtime/emit';
import { createSocketServer } from './realtime/server';
import { ticketChatBoxAuthorizer } from './features/tickets';
import { presenceHooks } from './features/users';
import { type Clock, systemClock } from './clock';

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests pass a recording Realtime; the product uses Socket.IO. */
  realtime?: Realtime;
  /** Where features send jobs: pg-boss in the product, an inline queue in tests. */
  jobs: JobQueue;
  channels: ChannelRegistry;
  logger?: boolean | object;
  /** This node's Prometheus metrics (the composition root also feeds it channel traffic and queue depths). */
  metrics?: NodeMetrics;
  /** What requests take as now (work hours); tests pass a settable clock. */
  clock?: Clock;
}

export interface App extends FastifyInstance {
  io: Server;
  realtime: Realtime;
  /** Every registered route (method and URL pattern), in registration order. */
  routeTable: readonly RegisteredRoute[];
  metrics: NodeMetrics;
}

/** A request id a proxy may hand us (nginx's $request_id is 32 hex digits): anything else is replaced. */
const FORWARDED_REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The caller's X-Request-Id when it is a plain token (so one id follows a request through the proxy), else a new UUID. */
function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && FORWARDED_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Builds the whole HTTP + realtime server without listening; tests drive it with inject(). */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // A hop count trusts that many proxies in front of this server (as proxy-addr counts them).
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
    rewriteUrl: (req) => withoutTrailingSlash(req.url),
    // Every log line of a request carries its id (reqId), answered in X-Request-Id so a user's report finds it.
    requestIdHeader: false,
    genReqId: requestIdOf,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;
  app.decorate('routeTable', installRouteTable(app));
  const metrics = deps.metrics ?? new NodeMetrics();
  app.decorate('metrics', metrics);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  metrics.timeRequests(app);
  installDraining(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installNulStripping(app);

  const tokens = tokenService(config);
  const io = createSocketServer(app.server, {
    db: database.db,
    tokens,
    log: app.log,
    hooks: presenceHooks(() => ({ db: database.db, realtime: app.realtime, log: app.log })),
    chatBoxAuthorizers: [ticketChatBoxAuthorizer(database.db)],
    allowedOrigins: config.allowedOrigins,
  });
  const realtime = deps.realtime ?? socketRealtime(io);
  app.decorate('io', io);
  metrics.gaugeOnScrape('chatflow_socket_connections', 'Socket.IO clients connected to this node', [], (gauge) => {
    gauge.set(io.engine.clientsCount);
  });
  app.decorate('realtime', realtime);
  const clock = deps.clock ?? systemClock;
  const { authenticate, authenticateWith } = authenticator({
    clock,
    db: database.db,
    config,
    tokens,
    realtime,
    jobs: deps.jobs,
    channels: deps.channels,
  });
  app.decorate('authenticate', authenticate);
  app.decorate('authenticateWith', authenticateWith);
  installLoginFirst(app, authenticate);

  await installSecurityHeaders(app, { allowedOrigins: config.allowedOrigins });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 64 * 1024 * 1024, files: 20 } });
  await app.register(fastifyRateLimit, { global: false, hook: 'preHandler' });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Chat-flow API', version: config.version } },
    transform: documentRoute,
    // Named components: the recursive schemas (a chatbot option holds options) are referenced, not inlined.
    transformObject: jsonSchemaTransformObject,
  });
  await serveWeb(app, { webDist: config.webDist, storage: mediaStorage(config), db: database.db, tokens });

  await registerFeatures(app, { db: database.db, config, tokens, realtime, log: app.log, jobs: deps.jobs, channels: deps.channels, clock });
  // The OpenAPI document, at /docs and at /docs/json where OpenAPI tools look for it; DOCS=off serves neither.
  if (config.docs) for (const url of ['/docs', '/docs/json']) app.get(url, { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes(database.db, { realtime: () => realtimeAdapterReady(io) }));
  await app.register(metricsRoutes(metrics, config.metricsToken));

  // Clients' sockets are closed before the HTTP server waits for its connections (an open websocket would
  // hold it); they reconnect through the proxy to another node. The server itself closes with the app.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    io.close();
  });
  return app;
}
