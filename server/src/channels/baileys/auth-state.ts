import type { AuthenticationCreds, AuthenticationState, SignalDataSet, SignalDataTypeMap } from 'baileys';
import { BufferJSON, initAuthCreds, proto } from 'baileys';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelSessionKeys, channelSessions } from '../../db/schema';

/** Baileys' objects hold Buffers: BufferJSON writes them as base64 and reads them back. */
const toJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value, BufferJSON.replacer));
const fromJson = <T>(value: unknown): T => JSON.parse(JSON.stringify(value), BufferJSON.reviver);

/**
 * A key's value is kept as `{ v: … }`: some families are bare strings (lid-mapping), and a bare
 * string in a jsonb column is written unquoted by the driver layer and read back as a number.
 */
type KeyEnvelope = { v: unknown };

/** Rows per statement when Baileys writes many keys at once (a pre-key upload is dozens). */
const BATCH = 500;

export interface DbAuthState {
  state: AuthenticationState;
  /** Whether credentials were found: false means a new login (a QR code or a pairing code). */
  resumed: boolean;
  /** Writes the current credentials (Baileys' creds.update). */
  saveCreds(): Promise<void>;
}

/**
 * A connection's Baileys login kept in PostgreSQL (channel_sessions and channel_session_keys)
 * instead of Baileys' folder of files: any node that starts the connection resumes it.
 */
export async function loadAuthState(db: Db, connection: { id: number; companyId: number }): Promise<DbAuthState> {
  const [row] = await db.select().from(channelSessions).where(eq(channelSessions.connectionId, connection.id));
  const creds: AuthenticationCreds = row ? fromJson<AuthenticationCreds>(row.creds) : initAuthCreds();

  const keys: AuthenticationState['keys'] = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const found: { [id: string]: SignalDataTypeMap[T] } = {};
      if (ids.length === 0) return found;
      const rows = await db
        .select({ keyId: channelSessionKeys.keyId, value: channelSessionKeys.value })
        .from(channelSessionKeys)
        .where(
          and(
            eq(channelSessionKeys.connectionId, connection.id),
            eq(channelSessionKeys.type, type),
            inArray(channelSessionKeys.keyId, ids),
          ),
        );
      for (const r of rows) {
        let value = fromJson<SignalDataTypeMap[T]>((r.value as KeyEnvelope).v);
        // Baileys expects the protobuf class for this family, as its own file store returns it.
        if (type === 'app-state-sync-key') {
          value = proto.Message.AppStateSyncKeyData.fromObject(value as object) as unknown as SignalDataTypeMap[T];
        }
        found[r.keyId] = value;
      }
      return found;
    },
    async set(data: SignalDataSet) {
      const upserts: (typeof channelSessionKeys.$inferInsert)[] = [];
      const removals: { type: string; ids: string[] }[] = [];
      for (const [type, entries] of Object.entries(data)) {
        const removed: string[] = [];
        for (const [keyId, value] of Object.entries(entries ?? {})) {
          if (value)
            upserts.push({
              connectionId: connection.id,
              type,
              keyId,
              value: { v: toJson(value) } satisfies KeyEnvelope,
              updatedAt: new Date(),
            });
          else removed.push(keyId);
        }
        if (removed.length) removals.push({ type, ids: removed });
      }
      await db.transaction(async (tx) => {
        for (let i = 0; i < upserts.length; i += BATCH) {
          await tx
            .insert(channelSessionKeys)
            .values(upserts.slice(i, i + BATCH))
            .onConflictDoUpdate({
              target: [channelSessionKeys.connectionId, channelSessionKeys.type, channelSessionKeys.keyId],
              set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
            });
        }
        for (const { type, ids } of removals) {
          await tx
            .delete(channelSessionKeys)
            .where(
              and(
                eq(channelSessionKeys.connectionId, connection.id),
                eq(channelSessionKeys.type, type),
                inArray(channelSessionKeys.keyId, ids),
              ),
            );
        }
      });
    },
    async clear() {
      await db.delete(channelSessionKeys).where(eq(channelSessionKeys.connectionId, connection.id));
    },
  };

  return {
    state: { creds, keys },
    resumed: Boolean(row),
    async saveCreds() {
      const value = toJson(creds);
      await db
        .insert(channelSessions)
        .values({ connectionId: connection.id, companyId: connection.companyId, creds: value })
        .onConflictDoUpdate({ target: channelSessions.connectionId, set: { creds: value, updatedAt: new Date() } });
    },
  };
}

/** Forgets a connection's login (a logout, or a new QR asked for): the next start shows a QR code. */
export async function deleteAuthState(db: Db, connectionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(channelSessionKeys).where(eq(channelSessionKeys.connectionId, connectionId));
    await tx.delete(channelSessions).where(eq(channelSessions.connectionId, connectionId));
  });
}
