import type { FlowCampaignView } from '@chatflow/contract';
import type { FlowCampaignRow } from '../../db/schema';

/** Whitelist of what leaves the server about a phrase campaign (the spec's whatsappId is the connection). */
export const presentFlowCampaign = (c: FlowCampaignRow): FlowCampaignView => ({
  id: c.id,
  name: c.name,
  flowId: c.flowId,
  whatsappId: c.connectionId,
  phrase: c.phrase,
  status: c.status,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});
