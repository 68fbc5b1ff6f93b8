import type { CampaignInput, CampaignSettingsInput, CampaignView } from '@chatflow/contract';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { simulatorOutbox, type UserRow } from '../../db/schema';
import type { Requester, TestContext } from '../../test/harness';
import { simulatorConnection } from '../../test/simulator';

/** Monday 2 March 2026, 10:00 in São Paulo (the companies' default time zone): inside the default sending hours. */
export const MONDAY_10AM = '2026-03-02T13:00:00Z';

/** Campaign settings that never hold a send back: no intervals, every hour and every day open. */
export const NO_PAUSES = {
  messageInterval: 0,
  longerIntervalAfter: 0,
  greaterInterval: 0,
  startHour: '00:00',
  endHour: '00:00',
  sabado: true,
  domingo: true,
};

export interface CampaignSetup {
  admin: UserRow;
  api: Requester;
  connectionId: number;
  connection: { id: number; token: string };
  listId: number;
  numbers: string[];
}

/**
 * A company with a simulator connection, a contact list of `count` contacts (numbers the simulator
 * calls valid) and the campaign settings given (intervals and hours), ready for a campaign.
 */
export async function campaignSetup(
  t: TestContext,
  count: number,
  settings: CampaignSettingsInput['settings'] = {},
): Promise<CampaignSetup> {
  const admin = await t.factory.admin();
  const connection = await simulatorConnection(t, admin);
  const api = await t.as(admin);
  const list = (await api.post('/contact-lists', { name: 'Clientes' })).json();
  const stamp = String(admin.companyId).padStart(5, '0');
  const numbers = Array.from({ length: count }, (_, i) => `55119${stamp}${String(i + 1).padStart(3, '0')}`);
  for (const [i, number] of numbers.entries()) {
    const res = await api.post('/contact-list-items', {
      name: `Cliente ${i + 1}`,
      number,
      email: `c${i + 1}@x.com`,
      contactListId: list.id,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const saved = await api.post('/campaign-settings', { settings });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.jobs.drain();
  return { admin, api, connectionId: connection.id, connection, listId: list.id, numbers };
}

export async function createCampaign(setup: CampaignSetup, body: Partial<CampaignInput>): Promise<CampaignView> {
  const res = await setup.api.post('/campaigns', {
    name: 'Promoção',
    message1: 'Olá {nome}',
    whatsappId: setup.connectionId,
    contactListId: setup.listId,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What the simulated phones received on a connection, oldest first. */
export async function outbox(t: TestContext, connectionId: number) {
  return t.database.db
    .select({ number: simulatorOutbox.number, body: simulatorOutbox.body, key: simulatorOutbox.idempotencyKey })
    .from(simulatorOutbox)
    .where(eq(simulatorOutbox.connectionId, connectionId))
    .orderBy(asc(simulatorOutbox.id));
}

export async function campaignNow(setup: CampaignSetup, id: number): Promise<CampaignView> {
  return (await setup.api.get(`/campaigns/${id}`)).json();
}
