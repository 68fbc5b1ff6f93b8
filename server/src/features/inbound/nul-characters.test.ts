import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { messages } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { customerNumber, simulatorConnection } from '../../test/simulator';
import { ingestInbound } from './ingest';

const t = useTestApp();

test('a provider’s text with U+0000 is stored cleaned, not refused (the provider would send it again forever)', async () => {
  const connection = await simulatorConnection(t, await t.factory.admin());
  const deps = { db: t.database.db, realtime: t.app.realtime, log: t.app.log, config: t.config };
  const result = await ingestInbound(deps, {
    connectionId: connection.id,
    externalId: 'with-nul',
    from: customerNumber(),
    name: 'Cli\u0000ente',
    mediaType: 'conversation',
    body: 'a\u0000b',
  });
  expect(result.status).toBe('stored');
  if (result.status !== 'stored') return;
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, result.messageId));
  expect(row.body).toBe('ab');
});
