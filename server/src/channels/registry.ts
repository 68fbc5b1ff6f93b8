import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type ConnectionRow, connections } from '../db/schema';
import { AppError } from '../http/errors';
import type { ChannelProvider, ChannelRegistry, ProviderEvents } from './types';

/**
 * The factory name a connection runs under: a WhatsApp connection's provider (`beta`, `simulator`),
 * else its channel (`whatsappapi`, `facebook`, `instagram`: one provider per Meta channel).
 */
export const providerKeyOf = (connection: Pick<ConnectionRow, 'channel' | 'provider'>) =>
  connection.channel === 'whatsapp' ? connection.provider : connection.channel;

/** Builds the provider of one connection; `events` is how it reports status, inbound and acks. */
export type ProviderFactory = (connection: ConnectionRow, events: ProviderEvents) => ChannelProvider;

/**
 * Holds the live provider of each connection started in this process. Providers register their
 * factory by name (`simulator`, `beta`, …); a connection whose provider has no factory here cannot
 * send (ERR_WAPP_NOT_INITIALIZED).
 */
export class ProviderRegistry implements ChannelRegistry {
  private factories = new Map<string, ProviderFactory>();
  private live = new Map<number, ChannelProvider>();
  private starting = new Map<number, Promise<void>>();

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    /** Builds the event sink for a connection (the pipeline, the ack handler, status updates). */
    private eventsFor: (connection: ConnectionRow) => ProviderEvents,
  ) {}

  register(provider: string, factory: ProviderFactory) {
    this.factories.set(provider, factory);
  }

  supports(provider: string): boolean {
    return this.factories.has(provider);
  }

  async providerFor(connectionId: number): Promise<ChannelProvider> {
    const existing = this.live.get(connectionId);
    if (existing) return existing;
    await this.start(connectionId);
    return this.live.get(connectionId)!;
  }

  async start(connectionId: number): Promise<void> {
    if (this.live.has(connectionId)) return;
    // Concurrent callers (an inbound burst, several send jobs) share one start.
    let pending = this.starting.get(connectionId);
    if (!pending) {
      pending = this.startNow(connectionId).finally(() => this.starting.delete(connectionId));
      this.starting.set(connectionId, pending);
    }
    await pending;
  }

  private async startNow(connectionId: number): Promise<void> {
    const [connection] = await this.db.select().from(connections).where(eq(connections.id, connectionId));
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    const factory = this.factories.get(providerKeyOf(connection));
    if (!factory) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    const provider = factory(connection, this.eventsFor(connection));
    this.live.set(connectionId, provider);
    try {
      await provider.start();
    } catch (err) {
      this.live.delete(connectionId);
      this.log.error({ err, connectionId }, 'provider failed to start');
      throw err;
    }
  }

  async stop(connectionId: number): Promise<void> {
    const provider = this.live.get(connectionId);
    this.live.delete(connectionId);
    await provider?.stop();
  }

  /** A pairing code for a connection whose provider offers one (WhatsApp Web); others cannot pair by code. */
  async requestPairingCode(connectionId: number, phoneNumber: string): Promise<string> {
    const provider = await this.providerFor(connectionId);
    if (!provider.requestPairingCode) throw new AppError('ERR_PAIRING_CODE_UNSUPPORTED', 400);
    return provider.requestPairingCode(phoneNumber);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.live.keys()].map((id) => this.stop(id)));
  }
}
