import { ACK } from '@chatflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { batchedReads } from '../../db/prepared';
import type { ConnectionRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { MediaStorage } from '../../media';
import type { ChannelProvider, InboundMessage, InboundResult, OutboundPayload, ProviderEvents, SendResult } from '../types';
import { SIMULATED_ACK_IDS_PER_JOB, simulatorAckJob } from './jobs';
import { type AckedOutbox, changeOutbox, type OutboundToRecord, recordOutbounds } from './outbox';

export interface SimulatorDeps {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Where the simulated phone finds the files it is sent (their urls are shown in its screen). */
  storage: MediaStorage;
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/** A send's row in the simulated phone's outbox. */
interface RecordedSend {
  externalId: string;
  outboxId: number;
  created: boolean;
}

/** When the simulated phone reports delivered and read, counted from the send. */
export const SIMULATED_ACKS = [
  { ack: ACK.delivered, afterSeconds: 1 },
  { ack: ACK.read, afterSeconds: 2 },
] as const;

/** The simulator's answer to "is this number on WhatsApp?" (see checkNumber). */
export const isSimulatedWhatsappNumber = (number: string) => /^\d{10,15}$/.test(number) && !number.endsWith('0000');

/**
 * The built-in WhatsApp stand-in (provider 'simulator'). It is always reachable: start() reports
 * CONNECTED. What the product sends is written to simulator_outbox (the customer's phone) and its
 * acks then advance by themselves through scheduled jobs; what the customer sends (the simulator's
 * HTTP face) enters through the same ProviderEvents.onInbound a real provider uses.
 */
export class SimulatorProvider implements ChannelProvider {
  constructor(
    private readonly connection: ConnectionRow,
    private readonly events: ProviderEvents,
    private readonly deps: SimulatorDeps,
  ) {}

  /**
   * Queues a received message's ack reports. Sends under way together (a campaign step, the schedules
   * due in one minute) share their reports: one job per ack for all of them, written in one insert;
   * each send still returns only once its reports are stored.
   */
  private queueAcks = batchedReads<number, true>(async (outboxIds) => {
    const reports = [];
    for (let i = 0; i < outboxIds.length; i += SIMULATED_ACK_IDS_PER_JOB) {
      const ids = outboxIds.slice(i, i + SIMULATED_ACK_IDS_PER_JOB);
      reports.push(...SIMULATED_ACKS.map((step) => ({ payload: { outboxIds: ids, ack: step.ack }, startAfterSeconds: step.afterSeconds })));
    }
    await simulatorAckJob.sendMany(this.deps.jobs, reports);
    return outboxIds.map(() => true);
  });

  async start(): Promise<void> {
    await this.events.onStatus('CONNECTED');
  }

  async stop(): Promise<void> {
    await this.events.onStatus('DISCONNECTED');
  }

  /**
   * Records sends in the outbox. Sends under way together (a campaign step's hundreds, the schedules due
   * in one minute) share one insert, as their ack jobs share one: each send still returns only once its
   * row is stored. Should the shared insert fail, each send is recorded alone, so a bad one fails alone.
   */
  private recordSends = batchedReads<OutboundToRecord, RecordedSend | Error>(async (sends) => {
    const record = async (batch: OutboundToRecord[]) =>
      (await recordOutbounds(this.deps.db, this.connection.id, this.deps.storage, batch)).map(({ row, created }) => ({
        externalId: row.externalId,
        outboxId: row.id,
        created,
      }));
    try {
      return await record(sends);
    } catch (err) {
      if (sends.length === 1) return [asError(err)];
      return Promise.all(sends.map((send) => record([send]).then(([one]) => one, asError)));
    }
  });

  async send(payload: OutboundPayload, options: { idempotencyKey: string }): Promise<SendResult> {
    const recorded = await this.recordSends({ payload, idempotencyKey: options.idempotencyKey });
    if (!recorded || recorded instanceof Error) throw recorded ?? new Error('simulator outbox answered nothing');
    if (recorded.created) await this.queueAcks(recorded.outboxId);
    return { externalId: recorded.externalId };
  }

  /**
   * Well-formed numbers (10 to 15 digits) are on WhatsApp, except those ending in 0000: the documented
   * way to have the simulator call a number invalid (README "Simulator").
   */
  async checkNumber(number: string): Promise<boolean> {
    return isSimulatedWhatsappNumber(number);
  }

  async edit(externalId: string, _to: string, body: string): Promise<void> {
    await changeOutbox(this.deps.db, this.connection.id, externalId, { body });
  }

  async delete(externalId: string): Promise<void> {
    await changeOutbox(this.deps.db, this.connection.id, externalId, { deleted: true });
  }

  /** A message typed by the simulated customer, handed to the pipeline like any provider's. */
  receive(message: Omit<InboundMessage, 'connectionId'>): Promise<InboundResult> {
    return this.events.onInbound({ ...message, connectionId: this.connection.id });
  }

  /** The simulated phone reports acks of messages it received; per row, false when the product has no such message. */
  reportAcks(rows: AckedOutbox[]): Promise<boolean[]> {
    return this.events.onAcks(
      rows.map((row) => ({
        connectionId: this.connection.id,
        externalId: row.externalId,
        ack: row.ack,
        idempotencyKey: row.idempotencyKey,
      })),
    );
  }
}
