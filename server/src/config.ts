import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type OutboundAllowList, parseAllowList } from './http/outbound/allow-list';
import { bundledFfmpegPath } from './media/ffmpeg';

/** Every environment variable the server reads; each is documented in the README's table. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections this node's query pool may open (pg-boss and the realtime listener add their own few). */
  databasePoolMax: number;
  jwtSecret: string;
  jwtRefreshSecret: string;
  accessTokenTtl: string;
  refreshTokenTtlDays: number;
  adminEmail: string;
  adminPassword: string | null;
  publicUrl: string;
  /** Browser origins allowed to call the API and the socket with credentials: PUBLIC_URL's, then CORS_ORIGINS. */
  allowedOrigins: string[];
  trialDays: number;
  smtp: { host: string; port: number; user: string; pass: string; from: string; secure: boolean } | null;
  logLevel: string;
  webDist: string | null;
  jobs: boolean;
  /** Login and reset tries per window: `max` per address and e-mail, `perAccountMax` per e-mail from any address. */
  loginRateLimit: { max: number; perAccountMax: number; windowMs: number };
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY): none by default, else a hop count or addresses. */
  trustProxy: boolean | number | string;
  cookieSecure: boolean;
  version: string;
  /** Serve the OpenAPI document at /docs and /docs/json (DOCS=off hides it, e.g. in production). */
  docs: boolean;
  /** The built-in WhatsApp simulator (provider and HTTP face); SIMULATOR=off disables both. */
  simulator: boolean;
  /** WhatsApp Web connections (provider `beta`, Baileys); WHATSAPP_WEB=off leaves them unstarted on this node. */
  whatsappWeb: boolean;
  /**
   * WHATSAPP_WEB_TRANSPORT: `baileys` (WhatsApp itself) or `fake-phone`, an in-process phone with no
   * network that pairs at once and writes what it is sent to a table (multi-node tests and benchmarks).
   */
  whatsappWebTransport: 'baileys' | 'fake-phone';
  /** This process's name in the session leases (NODE_ID; random per start unless set, and unique per node). */
  nodeId: string;
  /**
   * Session leases (channels/lease.ts): a lease lasts `ttlMs` past its last renewal (SESSION_LEASE_SECONDS,
   * 15), renewed every third of it; every `sweepMs` (SESSION_SWEEP_SECONDS, 5) a node takes sessions
   * whose lease expired. A dead node's sessions move within ttl + sweep.
   */
  sessionLease: { ttlMs: number; sweepMs: number };
  /**
   * How long a campaign's claimed shipping row belongs to the worker that claimed it
   * (CAMPAIGN_CLAIM_LEASE_SECONDS, 60; features/campaigns/dispatch/claim.ts): after it, a row a dead
   * worker claimed is claimed again and re-sent under the same idempotency key, and a chain of steps
   * that has not moved for as long is taken over. Tests that kill a node shorten it.
   */
  campaignClaimLeaseSeconds: number;
  /** OpenAI-compatible endpoint for audio transcription; the key may also come from the openAiKeyAudio setting. */
  openAi: { baseUrl: string; apiKey: string | null; transcriptionModel: string; chatModel: string; speechModel: string };
  /**
   * Queue integrations and AI assistants (features/integrations, features/prompts): how long one call to
   * a bot platform may take (INTEGRATION_TIMEOUT_MS, 15000), Dialogflow's REST base (DIALOGFLOW_API_URL),
   * and the text-to-speech provider of voice replies: TTS_PROVIDER `azure` (SSML to TTS_BASE_URL, default
   * https://{region}.tts.speech.microsoft.com, with the prompt's voice key and region) or `openai`
   * (OPENAI_BASE_URL/audio/speech with OPENAI_SPEECH_MODEL).
   */
  integrations: { timeoutMs: number; dialogflowApiUrl: string; ttsProvider: 'azure' | 'openai'; ttsBaseUrl: string | null };
  /**
   * The outbound guard (http/outbound): addresses a tenant types (webhook, n8n and Typebot URLs, a service
   * account's token_uri) reach only public addresses, unless OUTBOUND_ALLOWED_HOSTS (comma-separated host
   * names, IP addresses, CIDR ranges) allows them, e.g. a self-hosted n8n on the same machine.
   */
  outbound: { allowedHosts: OutboundAllowList };
  /** How V8 compiles the embedded database's WebAssembly (PGlite mode only); see openPglite. */
  pgliteWasmTier: 'baseline' | 'optimized';
  /** The ffmpeg that turns browser recordings into voice notes (FFMPEG_PATH; the npm-bundled one by default). */
  ffmpegPath: string;
  /**
   * Meta's Graph API (WhatsApp Cloud API, Facebook, Instagram): its base URL (tests point it at a
   * local fake), the app secret that signs webhooks and the verify token Meta echoes when the
   * webhook URL is registered. Without an app secret every webhook POST is refused. The app id, the
   * Embedded Signup configuration id and the login's Graph version serve the Meta login on the
   * connections page; the operator's settings (metaAppId, metaAppSecret, …) take precedence.
   */
  meta: {
    graphApiUrl: string;
    appSecret: string | null;
    verifyToken: string | null;
    appId?: string | null;
    embeddedSignupConfigId?: string | null;
    loginGraphVersion?: string | null;
  };
  /**
   * Mercado Pago: the API's base URL (tests point it at a local fake) and the webhook secret of the
   * application's notifications; when set, a notification must carry a valid x-signature.
   */
  mercadoPago: { apiUrl: string; webhookSecret: string | null };
  /**
   * Efí (Gerencianet) PIX API: its base URL and, for sandboxes and tests, a PEM file of extra CAs to
   * trust for it (the client certificate itself is uploaded on the certificate tab).
   */
  efi: { apiUrl: string; caFile: string | null };
  /**
   * Payment providers' API base URLs (ASAAS_API_URL, STRIPE_API_URL): their production APIs by default;
   * tests and the e2e point them at local fakes. Credentials are the super user's secret settings.
   */
  billing: { asaasApiUrl: string; stripeApiUrl: string };
  /** METRICS_TOKEN: the bearer token `/metrics` asks for; without it the route answers 404 (metrics off). */
  metricsToken: string | null;
  /** Where media live (STORAGE_DRIVER): `fs` under DATA_DIR/public, or an S3-compatible bucket (S3_*). */
  storage: StorageConfig;
  /** REDIS_URL: Socket.IO fans events out through Redis streams instead of PostgreSQL (several nodes only). */
  redisUrl: string | null;
}

export interface S3StorageConfig {
  driver: 's3';
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2...); null means AWS S3 itself. */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most local servers need it. */
  forcePathStyle: boolean;
}

export type StorageConfig = { driver: 'fs' } | S3StorageConfig;

/** STORAGE_DRIVER and the S3_* variables; an s3 driver without a bucket is a start-up error, not a silent fs. */
function storageOf(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = (env.STORAGE_DRIVER || 'fs').trim();
  if (driver === 'fs') return { driver: 'fs' };
  if (driver !== 's3') throw new Error(`STORAGE_DRIVER must be fs or s3, not "${driver}"`);
  if (!env.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
  return {
    driver: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || null,
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** Secrets not given in the environment are generated once and kept in DATA_DIR, so restarts keep sessions. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `.${name}`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * TRUST_PROXY: unset, `false` or `off` trusts no proxy (X-Forwarded-For is ignored: a client could write
 * anything there); `true` trusts every hop; a number trusts that many hops; anything else is a
 * comma-separated list of proxy addresses or CIDR ranges.
 */
function trustProxyOf(value: string | undefined): boolean | number | string {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === 'off') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** A duration in seconds from the environment; the default when unset or not a positive number. */
/** The campaign claim lease when CAMPAIGN_CLAIM_LEASE_SECONDS is not set. */
export const CAMPAIGN_CLAIM_LEASE_SECONDS = 60;

function positiveSeconds(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const smtpHost = env.SMTP_HOST;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`;
  const config: Config = {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databasePoolMax: Number(env.DATABASE_POOL_MAX ?? 20),
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir, 'jwt-secret'),
    jwtRefreshSecret: env.JWT_REFRESH_SECRET || persistentSecret(dataDir, 'jwt-refresh-secret'),
    accessTokenTtl: env.ACCESS_TOKEN_TTL ?? '15m',
    refreshTokenTtlDays: Number(env.REFRESH_TOKEN_TTL_DAYS ?? 7),
    adminEmail: env.ADMIN_EMAIL ?? 'admin@chatflow.local',
    adminPassword: env.ADMIN_PASSWORD || null,
    publicUrl,
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...(env.CORS_ORIGINS ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    trialDays: Number(env.TRIAL_DAYS ?? 7),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: Number(env.SMTP_PORT ?? 587),
          user: env.SMTP_USER ?? '',
          pass: env.SMTP_PASS ?? '',
          from: env.SMTP_FROM ?? `Chat-flow <no-reply@${smtpHost}>`,
          secure: env.SMTP_SECURE === 'true',
        }
      : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    // Relative to the working directory, as DATA_DIR (the static file server needs an absolute root).
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : null,
    jobs: env.JOBS !== 'off',
    loginRateLimit: {
      max: Number(env.LOGIN_RATE_LIMIT ?? 10),
      perAccountMax: Number(env.LOGIN_RATE_LIMIT_PER_ACCOUNT ?? 50),
      windowMs: 15 * 60_000,
    },
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    cookieSecure: env.COOKIE_SECURE === 'true',
    version: env.APP_VERSION ?? '0.1.0',
    docs: env.DOCS !== 'off',
    simulator: env.SIMULATOR !== 'off',
    whatsappWeb: env.WHATSAPP_WEB !== 'off',
    whatsappWebTransport: env.WHATSAPP_WEB_TRANSPORT === 'fake-phone' ? 'fake-phone' : 'baileys',
    // Job queue names carry it (the holder's send queue): letters, digits, '.', '-' and '_' only.
    nodeId: (env.NODE_ID || `node-${randomBytes(6).toString('hex')}`).replace(/[^\w.-]/g, '-'),
    sessionLease: {
      ttlMs: positiveSeconds(env.SESSION_LEASE_SECONDS, 15) * 1000,
      sweepMs: positiveSeconds(env.SESSION_SWEEP_SECONDS, 5) * 1000,
    },
    campaignClaimLeaseSeconds: positiveSeconds(env.CAMPAIGN_CLAIM_LEASE_SECONDS, CAMPAIGN_CLAIM_LEASE_SECONDS),
    openAi: {
      baseUrl: env.OPENAI_BASE_URL || 'https://api.openai.com/v1',
      apiKey: env.OPENAI_API_KEY || null,
      transcriptionModel: env.OPENAI_TRANSCRIPTION_MODEL || 'whisper-1',
      chatModel: env.OPENAI_CHAT_MODEL || 'gpt-4o-mini',
      speechModel: env.OPENAI_SPEECH_MODEL || 'tts-1',
    },
    integrations: {
      timeoutMs: positiveSeconds(env.INTEGRATION_TIMEOUT_MS, 15_000),
      dialogflowApiUrl: (env.DIALOGFLOW_API_URL || 'https://dialogflow.googleapis.com').replace(/\/+$/, ''),
      ttsProvider: env.TTS_PROVIDER === 'openai' ? 'openai' : 'azure',
      ttsBaseUrl: env.TTS_BASE_URL ? env.TTS_BASE_URL.replace(/\/+$/, '') : null,
    },
    outbound: { allowedHosts: parseAllowList(env.OUTBOUND_ALLOWED_HOSTS) },
    pgliteWasmTier: env.PGLITE_WASM_TIER === 'optimized' ? 'optimized' : 'baseline',
    ffmpegPath: env.FFMPEG_PATH || bundledFfmpegPath(),
    meta: {
      graphApiUrl: (env.GRAPH_API_URL || 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
      appSecret: env.META_APP_SECRET || null,
      verifyToken: env.META_VERIFY_TOKEN || null,
      appId: env.META_APP_ID || null,
      embeddedSignupConfigId: env.META_EMBEDDED_SIGNUP_CONFIG_ID || null,
      loginGraphVersion: env.META_LOGIN_GRAPH_VERSION || null,
    },
    mercadoPago: {
      apiUrl: (env.MERCADOPAGO_API_URL || 'https://api.mercadopago.com').replace(/\/+$/, ''),
      webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || null,
    },
    efi: {
      apiUrl: (env.EFI_API_URL || 'https://pix.api.efipay.com.br').replace(/\/+$/, ''),
      caFile: env.EFI_CA_FILE || null,
    },
    billing: {
      asaasApiUrl: (env.ASAAS_API_URL || 'https://api.asaas.com/v3').replace(/\/+$/, ''),
      stripeApiUrl: (env.STRIPE_API_URL || 'https://api.stripe.com').replace(/\/+$/, ''),
    },
    metricsToken: env.METRICS_TOKEN || null,
    storage: storageOf(env),
    redisUrl: env.REDIS_URL || null,
    ...overrides,
  };
  return config;
}
