import { z } from 'zod';
import { defineJob } from '../jobs/define';

/**
 * A session command for the node holding the session (ProviderRegistry.start/stop on another node
 * send it to the holder's own queue): stop it (disconnect, restart, delete) or start it (try again).
 * Run on a node that no longer holds it, a stop finds nothing to stop and a start takes the session
 * if it is free.
 */
export const sessionCommandJob = defineJob({
  name: 'channel.session-command',
  payload: z.object({ connectionId: z.number().int().positive(), command: z.enum(['start', 'stop']) }),
  retry: { limit: 3, backoffSeconds: 2 },
  nodeQueue: true,
  async run({ connectionId, command }, deps) {
    if (command === 'stop') await deps.channels.stop(connectionId);
    else await deps.channels.start(connectionId);
  },
});
