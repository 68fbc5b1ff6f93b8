import { expect, test } from 'vitest';
import { makeTag } from '../../test/contacts';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

/** A member of a company whose plan has the kanban switch off. */
async function memberWithoutKanban() {
  const company = await t.factory.company({ planId: (await t.factory.plan({ useKanban: false })).id });
  return t.factory.user({ company });
}

test('without useKanban no lane can be created, made, edited or deleted; plain tags still can', async () => {
  const agent = await memberWithoutKanban();
  const api = await t.as(agent);
  const refused = { error: 'ERR_PLAN_FEATURE_DISABLED' };

  const created = await api.post('/tags', { name: 'Raia', kanban: 1 });
  expect([created.statusCode, created.json()]).toEqual([403, refused]);

  const tag = (await api.post('/tags', { name: 'Etiqueta', kanban: 0 })).json();
  const madeLane = await api.put(`/tags/${tag.id}`, { kanban: 1 });
  expect([madeLane.statusCode, madeLane.json()]).toEqual([403, refused]);
  expect((await api.put(`/tags/${tag.id}`, { name: 'Renomeada' })).json().name).toBe('Renomeada');

  // A lane left from when the plan had kanban stays as it is until the switch is back.
  const lane = await makeTag(t.database.db, agent.companyId, { name: 'Antiga', kanban: 1 });
  expect((await api.put(`/tags/${lane.id}`, { name: 'Nova' })).statusCode).toBe(403);
  expect((await api.delete(`/tags/${lane.id}`)).statusCode).toBe(403);
  expect((await api.delete(`/tags/${tag.id}`)).statusCode).toBe(200);
});

test('with useKanban a member creates a lane', async () => {
  const api = await t.as(await t.factory.user());
  expect((await api.post('/tags', { name: 'Raia', kanban: 1 })).json()).toMatchObject({ kanban: 1 });
});
