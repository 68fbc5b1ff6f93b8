import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { plans, tags } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { kanbanScenario } from './testing';

const t = useTestApp();
const laneBody = (name: string, extra: Record<string, unknown> = {}) => ({ name, color: '#336699', kanban: 1, ...extra });

describe('lanes (tags with kanban = 1)', () => {
  test('GET /tag/kanban lists the lanes by name with their open and pending tickets; no other company, no plain tags', async () => {
    const { f, companyId, agent } = await kanbanScenario(t);
    const proposal = await f.tag(companyId, { name: 'Proposta', kanban: 1, timeLane: 2 });
    const contact = await f.tag(companyId, { name: 'Contato', kanban: 1 });
    await f.tag(companyId, { name: 'VIP', kanban: 0 });
    await f.tag((await t.factory.company()).id, { name: 'Alheia', kanban: 1 });
    for (const status of ['open', 'pending', 'closed'] as const) await f.tagTicket((await f.ticket(companyId, { status })).id, proposal.id);
    const res = await (await t.as(agent)).get('/tag/kanban');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lista: [
        { ...laneOf(contact), ticketsCount: 0 },
        { ...laneOf(proposal), ticketsCount: 2 },
      ],
    });
    expect((await (await t.as(agent)).get('/tag/kanban/', { searchParam: 'prop' })).json().lista.map((l: { id: number }) => l.id)).toEqual([
      proposal.id,
    ]);
  });

  test('a company whose plan lacks useKanban gets 403 on the board routes', async () => {
    const { admin } = await kanbanScenario(t);
    const company = await t.factory.company();
    await t.database.db
      .update(plans)
      .set({ useKanban: false })
      .where(eq(plans.id, company.planId as number));
    const outsider = await t.factory.admin({ companyId: company.id });
    const api = await t.as(outsider);
    expect((await api.get('/tag/kanban')).json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    expect((await api.get('/ticket/kanban')).statusCode).toBe(403);
    expect((await (await t.as(admin)).get('/ticket/kanban')).statusCode).toBe(200);
  });

  test('a lane is saved with its timed move, rollback lane and greeting through /tags', async () => {
    const { agent } = await kanbanScenario(t);
    const api = await t.as(agent);
    const won = (await api.post('/tags', laneBody('Ganho'))).json();
    const lead = await api.post(
      '/tags',
      laneBody('Lead', { timeLane: '24', nextLaneId: won.id, rollbackLaneId: '', greetingMessageLane: 'Olá {{name}}' }),
    );
    expect(lead.statusCode, lead.body).toBe(200);
    const [row] = await t.database.db.select().from(tags).where(eq(tags.id, lead.json().id));
    expect(row).toMatchObject({ kanban: 1, timeLane: 24, nextLaneId: won.id, rollbackLaneId: null, greetingMessageLane: 'Olá {{name}}' });
    const edited = await api.put(`/tags/${won.id}`, { rollbackLaneId: lead.json().id, greetingMessageLane: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.database.db.select().from(tags).where(eq(tags.id, won.id)))[0]).toMatchObject({
      rollbackLaneId: lead.json().id,
      greetingMessageLane: '',
    });
  });

  test('a lane pointing to itself, or closing a cycle of timed moves, is refused; a cycle with an untimed lane is not one', async () => {
    const { agent } = await kanbanScenario(t);
    const api = await t.as(agent);
    const a = (await api.post('/tags', laneBody('Etapa A'))).json();
    expect((await api.put(`/tags/${a.id}`, { nextLaneId: a.id, timeLane: 1 })).json()).toEqual({ error: 'ERR_KANBAN_LANE_CYCLE' });
    expect((await api.put(`/tags/${a.id}`, { rollbackLaneId: a.id })).statusCode).toBe(400);
    const b = (await api.post('/tags', laneBody('Etapa B', { timeLane: 1, nextLaneId: a.id }))).json();
    const c = (await api.post('/tags', laneBody('Etapa C', { timeLane: 1, nextLaneId: b.id }))).json();
    const closing = await api.put(`/tags/${a.id}`, { timeLane: 2, nextLaneId: c.id });
    expect(closing.statusCode).toBe(400);
    expect(closing.json()).toEqual({ error: 'ERR_KANBAN_LANE_CYCLE' });
    expect((await t.database.db.select().from(tags).where(eq(tags.id, a.id)))[0]).toMatchObject({ timeLane: 0, nextLaneId: null });
    // A never moves a card by itself (timeLane 0): C → B → A stops there.
    expect((await api.put(`/tags/${a.id}`, { timeLane: 0, nextLaneId: c.id })).statusCode).toBe(200);
    // ...until A gets a time.
    expect((await api.put(`/tags/${a.id}`, { timeLane: 3 })).json()).toEqual({ error: 'ERR_KANBAN_LANE_CYCLE' });
  });

  test("a plain tag or another company's lane as next or rollback lane is refused", async () => {
    const { f, companyId, agent } = await kanbanScenario(t);
    const api = await t.as(agent);
    const plain = await f.tag(companyId, { kanban: 0 });
    const foreign = await f.tag((await t.factory.company()).id, { kanban: 1 });
    for (const body of [laneBody('Raia X', { nextLaneId: plain.id }), laneBody('Raia Y', { rollbackLaneId: foreign.id })]) {
      const res = await api.post('/tags', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_KANBAN_LANE_INVALID' });
    }
  });

  test.each([
    ['a negative time', { timeLane: -1 }, 'timeLane', 'validation.invalid', 'Valor inválido'],
    ['a time that is not a number', { timeLane: 'x' }, 'timeLane', 'validation.number', expect.any(String)],
    ['a fractional next lane', { nextLaneId: 1.5 }, 'nextLaneId', 'validation.invalid', 'Valor inválido'],
  ])('%s is a validation error', async (_label, extra, field, key, message) => {
    const { agent } = await kanbanScenario(t);
    const res = await (await t.as(agent)).post('/tags', laneBody('Raia', extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: [{ field, key, message }] });
  });
});

function laneOf(tag: typeof tags.$inferSelect) {
  return {
    id: tag.id,
    name: tag.name,
    color: tag.color,
    kanban: 1,
    timeLane: tag.timeLane,
    nextLaneId: tag.nextLaneId,
    rollbackLaneId: tag.rollbackLaneId,
    greetingMessageLane: tag.greetingMessageLane,
  };
}
