import type { ConnectionChanges, ConnectionData } from '@chatflow/contract';
import type { ConnectionRow } from '../../db/schema';

type Writable = Partial<Omit<ConnectionRow, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>>;

/** The dialog's 'yyyy-MM-dd' import dates are stored as that day at 00:00 UTC; '' clears them. */
const storedDate = (d: string) => (d ? new Date(`${d}T00:00:00.000Z`) : null);

/**
 * The columns an input sets. Only the fields present are written (an update leaves the rest alone);
 * queueIds go to connection_queues, not to the row.
 */
export function connectionRowValues(input: Partial<ConnectionData> | ConnectionChanges): Writable {
  const { queueIds: _queues, importOldMessages, importRecentMessages, ...rest } = input;
  const values: Writable = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (importOldMessages !== undefined) values.importOldMessages = storedDate(importOldMessages);
  if (importRecentMessages !== undefined) values.importRecentMessages = storedDate(importRecentMessages);
  return values;
}
