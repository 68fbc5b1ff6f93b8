import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from './errors';

/**
 * How an automation turn of a customer message ran: `quiet` recorded without a transaction
 * (automation/quiet-turn.ts), `refused` played quietly until it tried to act and then run locked,
 * `locked` run locked without that try (a backlog, a state changed meanwhile, a lost record).
 */
export type AutomationTurnKind = 'quiet' | 'refused' | 'locked';
/**
 * Which way a stored inbound message went (inbound/ingest.ts): `append` and `first` are the
 * one-statement paths (a known contact's open ticket, a new number's first message), `full` the general one.
 */
export type InboundPath = 'append' | 'first' | 'full';

/**
 * The fast paths the throughput target rests on (bench/RESULTS.md, inbound and automation), counted
 * so that a share that drops shows: a new rule that reads the database sends every message the slow way.
 */
export interface FastPathCounters {
  automationTurn(kind: AutomationTurnKind): void;
  inboundPath(path: InboundPath): void;
}

/**
 * One node's Prometheus metrics (prom-client), on a registry of its own (tests build many apps in one
 * process). Each node reports its own figures; Prometheus sums them across nodes.
 */
export class NodeMetrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'chatflow_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern (never the raw URL, so ids do not multiply the series)',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly inbound = new Counter({
    name: 'chatflow_inbound_messages_total',
    help: 'Customer messages stored by this node (duplicates and ignored messages not counted), by channel',
    labelNames: ['channel'],
    registers: [this.registry],
  });
  readonly automationTurns = new Counter({
    name: 'chatflow_automation_turns_total',
    help: "Customer messages' automation turns run by this node, by kind (quiet: no transaction; refused, locked: the ticket locked)",
    labelNames: ['kind'],
    registers: [this.registry],
  });
  readonly inboundPaths = new Counter({
    name: 'chatflow_inbound_paths_total',
    help: 'Inbound messages stored by this node, by path (append, first: one statement; full: the general pipeline)',
    labelNames: ['path'],
    registers: [this.registry],
  });
  readonly outbound = new Counter({
    name: 'chatflow_outbound_messages_total',
    help: 'Messages this node handed to a channel provider successfully, by channel',
    labelNames: ['channel'],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'chatflow_' });
  }

  /** A gauge read when Prometheus scrapes (socket counts, queue depths): `read` sets it, by label where it has some. */
  gaugeOnScrape(name: string, help: string, labelNames: string[], read: (gauge: Gauge) => Promise<void> | void): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await read(this);
      },
    });
  }

  /** What the channel registry calls for each stored inbound and each sent outbound message. */
  get channelTraffic() {
    return {
      inbound: (channel: string) => this.inbound.inc({ channel }),
      outbound: (channel: string) => this.outbound.inc({ channel }),
    };
  }

  /** What the composition root hands the automation engine and the inbound pipeline to count their fast paths. */
  get fastPaths(): FastPathCounters {
    return {
      automationTurn: (kind) => this.automationTurns.inc({ kind }),
      inboundPath: (path) => this.inboundPaths.inc({ path }),
    };
  }

  /** Times every request by its route pattern (404s, which have none, are pooled as "unmatched"). */
  timeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (req, reply) => {
      this.httpDuration.observe(
        { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` in Prometheus's text format, for the monitoring system only: without METRICS_TOKEN
 * the route answers 404 (metrics off); with it, a request must carry `Authorization: Bearer <token>`
 * or get 401. The token is compared in constant time.
 */
export const metricsRoutes =
  (metrics: NodeMetrics, token: string | null): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (!token) throw new AppError('ERR_NOT_FOUND', 404);
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), digest(token))) throw new AppError('ERR_INVALID_TOKEN', 401);
      const text = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    });
  };
